import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType('RunApproval', {
  simpleResolvers: true,
  description:
    'What a run waiting for approval (status waiting) asks: the text shown to the approver, who decides, until when.',
})
export class RunApprovalType {
  @Field(() => ID, { description: 'The Approval block the run waits at.' }) nodeId!: string;
  @Field({ description: 'What the approver sees.' }) text!: string;
  @Field({ description: 'The approver may change the text before it goes on.' }) editable!: boolean;
  @Field({ description: 'owner (the app’s owner, here) or email (someone sent a signed link).' })
  approver!: string;
  @Field({ description: 'When the run stops waiting and ends as timed out (ISO time).' }) expiresAt!: Date;
  @Field({ description: 'You may approve or reject it here (you own the app, and the owner approves).' })
  canDecide!: boolean;
}

@ObjectType('ApprovalLink', {
  simpleResolvers: true,
  description: 'What a signed approval link opens: the text to approve or reject.',
})
export class ApprovalLinkType {
  @Field({ description: 'The app that waits.' }) appName!: string;
  @Field() text!: string;
  @Field({ description: 'The approver may change the text before it goes on.' }) editable!: boolean;
  @Field({ description: 'Until when the link works (ISO time).' }) expiresAt!: Date;
}

@ObjectType('ApprovalDecided', { simpleResolvers: true, description: 'How a decision left the run.' })
export class ApprovalDecidedType {
  @Field(() => ID) runId!: string;
  @Field({ description: 'approve or reject.' }) decision!: string;
  @Field({
    description:
      'running: it goes on (on whichever server process takes it); failed: it ended, refunded but what ran.',
  })
  status!: string;
  @Field(() => String, { nullable: true, description: 'A rejected run: what it says, credits included.' })
  error!: string | null;
}
