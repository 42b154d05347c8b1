import { boolean, object, string } from './json-schema';
import { route, type Route } from './route';
import { EMAIL } from './route-helpers';
import { ContactSalesDocument } from './generated/graphql';

/** An Enterprise enquiry to sales. */
export const salesRoutes: Route[] = [
  route({
    method: 'POST',
    path: '/contact/sales',
    summary: 'An Enterprise enquiry; stored and mailed to sales.',
    auth: 'optional',
    operation: ContactSalesDocument,
    body: object(
      {
        name: string('Your name.', { maxLength: 200 }),
        email: EMAIL,
        company: string('Company.', { maxLength: 200 }),
        companySize: {
          type: 'string',
          enum: ['1-10', '11-50', '51-200', '201-1000', '1000+'],
          description: 'Company size.',
        },
        message: string('What you need.', { maxLength: 5000 }),
      },
      ['name', 'email', 'company', 'message'],
    ),
    variables: ({ body }) => ({
      input: {
        name: body.name,
        email: body.email,
        company: body.company,
        message: body.message,
        ...(body.companySize !== undefined ? { companySize: body.companySize } : {}),
      },
    }),
    answer: (data) => ({ success: true, ...data.contactSales }),
    response: object({ success: boolean('Sent.'), message: string('Confirmation.') }, ['success', 'message']),
  }),
];
