import { Link } from 'react-router-dom';
import { CHILD_PRIVACY_AGE } from '../../texts/public-texts';
import { LegalPage } from './LegalPage';

/** /privacy */
export default function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy" updated="1 March 2025">
      <p>
        Blocksmith lets you build small AI apps from connected blocks, run them, and publish them to a public
        store. This policy explains what we collect when you use Blocksmith, why, and the choices you have.
      </p>

      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Account data:</strong> your e-mail address, your full name if you give it, and a hashed
          password (or the identifier of the sign-in provider you chose, such as Google).
        </li>
        <li>
          <strong>Apps you build:</strong> their names, descriptions, categories, blocks, connections and
          settings, and whether they are private or published.
        </li>
        <li>
          <strong>What you run:</strong> the inputs you give an app, the files you upload to it and the
          results it produces, so that you can see them and so that credits can be charged correctly.
        </li>
        <li>
          <strong>Usage:</strong> views, runs and upvotes of apps, your credit balance and its history, and
          product events such as starting to build or opening the playground. These events are stored on our
          own servers; we do not use advertising trackers.
        </li>
        <li>
          <strong>Messages to us:</strong> what you send through the sales contact form (name, e-mail,
          company, company size and message).
        </li>
      </ul>

      <h2>How we use it</h2>
      <p>
        To run the service: to sign you in, to save and run your apps, to show published apps in the store
        with their publisher&apos;s name, to count credits, to review apps before they are listed, to answer
        your messages, and to understand which parts of the product are used so we can improve them.
      </p>

      <h2>AI providers</h2>
      <p>
        When an app runs an AI block, the prompt built from your inputs is sent to the AI provider configured
        for this Blocksmith server, which processes it to produce the answer. Do not put personal data into an
        app unless you need to.
      </p>

      <h2>What others can see</h2>
      <p>
        A published, public app shows its name, description, category, counts of views, runs and votes, and
        your name as its publisher. Private apps and drafts are visible only to you (and to administrators
        reviewing published apps). Inputs and results of runs are never shown to other people.
      </p>

      <h2>Sharing</h2>
      <p>
        We do not sell personal data. We share it only with the providers that host and run the service (such
        as hosting, e-mail delivery, payment and AI providers), bound to use it only for us, or where the law
        requires it.
      </p>

      <h2>How long we keep it</h2>
      <p>
        As long as your account exists. When you delete an app, it is deleted with its runs and votes. When
        you ask us to delete your account, we delete your data within 30 days, except what we must keep by law
        (for example invoices).
      </p>

      <h2>Children&apos;s privacy</h2>
      <p>
        Blocksmith is not directed to children under {CHILD_PRIVACY_AGE}. We do not knowingly collect personal
        data from children under {CHILD_PRIVACY_AGE}. If you believe a child under {CHILD_PRIVACY_AGE} has
        given us personal data, contact us and we will delete it.
      </p>

      <h2>Your rights</h2>
      <p>
        You may ask for a copy of your data, have it corrected or deleted, object to its use, and complain to
        a data protection authority. Blocksmith is made in Germany and follows the EU General Data Protection
        Regulation.
      </p>

      <h2>Contact</h2>
      <p>
        Questions about privacy: use the contact form on the <Link to="/">home page</Link>. See also our{' '}
        <Link to="/terms">Terms</Link>.
      </p>
    </LegalPage>
  );
}
