import { Link } from 'react-router-dom';
import { CHILD_PRIVACY_AGE } from '../../texts/public-texts';
import { LegalPage } from './LegalPage';

/** /terms */
export default function TermsPage() {
  return (
    <LegalPage title="Terms of Service" updated="1 March 2025">
      <p>
        These terms apply when you use Blocksmith to build, run and publish AI apps, or to run apps others
        have published in the store. By creating an account or using the service you agree to them.
      </p>

      <h2>Your account</h2>
      <p>
        You must be at least {CHILD_PRIVACY_AGE} years old to use Blocksmith, and old enough to agree to these
        terms where you live. Keep your password safe; you are responsible for what happens under your
        account.
      </p>

      <h2>Plans and credits</h2>
      <p>
        Running AI blocks costs credits. The Free plan includes 50 credits a month and up to 2 published apps;
        the Starter plan costs $20 a month and includes 500 credits and up to 10 published apps; Enterprise
        terms are agreed with our sales team. Credits have no cash value and cannot be transferred. A run that
        fails is not charged. Paid plans renew monthly until cancelled.
      </p>

      <h2>Your apps and content</h2>
      <p>
        You keep the rights to the apps you build and the content you put into them. By publishing an app you
        allow us to show it in the store and allow others to run it. You may make it private or delete it at
        any time from My Apps.
      </p>

      <h2>Review and the store</h2>
      <p>
        Published apps are reviewed before they are listed. We may reject, hide or remove an app that breaks
        these terms or the law, and we tell you why when we reject it, so you can change it and publish it
        again.
      </p>

      <h2>Acceptable use</h2>
      <ul>
        <li>No apps that break the law, infringe others&apos; rights, or deceive the people who use them.</li>
        <li>No harassment, hate, sexual content involving minors, malware or spam.</li>
        <li>No attempts to get around credits, limits or other people&apos;s privacy settings.</li>
        <li>Do not present AI output as professional (medical, legal, financial) advice.</li>
      </ul>

      <h2>AI output</h2>
      <p>
        AI blocks can be wrong. Check what an app produces before you rely on it. We provide the service as it
        is, without warranties beyond what the law requires.
      </p>

      <h2>Liability</h2>
      <p>
        We are liable without limit for intent and gross negligence and as mandatory law provides; otherwise
        only for breaches of essential obligations and limited to the damage typical and foreseeable for this
        kind of service.
      </p>

      <h2>Changes and ending</h2>
      <p>
        We may change these terms and will tell you about material changes in advance. You may stop using
        Blocksmith at any time. German law applies.
      </p>

      <p>
        See also our <Link to="/privacy">Privacy Policy</Link>.
      </p>
    </LegalPage>
  );
}
