import { TERMS as T } from '@reelbase/api-client';
import { Typography } from 'antd';
import { Link } from 'react-router-dom';
import { CONTACT_EMAIL } from '../../components/site-footer.tsx';
import { LegalShell } from './legal-shell.tsx';

const { Title, Paragraph } = Typography;

export function TermsPage() {
  return (
    <LegalShell>
      <Title level={1}>Terms of Use</Title>
      <Paragraph>
        These terms govern your use of Reelbase, a shared video hosting and player service for small and home businesses. By creating an account or using the service
        you accept them. Please also read our <Link to="/privacy-policy">Privacy Policy</Link>.
      </Paragraph>

      <Title level={2}>1. The service</Title>
      <Paragraph>
        Reelbase hosts, processes and plays your videos on shared infrastructure protected by automated safeguards. Even where a plan is described as “unlimited”, we
        may cap processor time, bandwidth, processes, memory or the number of files of an account when its use endangers the service for others.
      </Paragraph>

      <Title level={2}>2. Eligibility</Title>
      <Paragraph>You must be at least {T.minimumAge} years old to buy paid services.</Paragraph>

      <Title level={2}>3. Payment, renewal and cancellation</Title>
      <Paragraph>
        Plans renew automatically at the end of each term. To stop the renewal, request cancellation at least {T.cancelNoticeDays} days before the term expires.
        Accounts and their content are removed {T.removalAfterCancellationDays} days after cancellation.
      </Paragraph>
      <Paragraph>
        <strong>{T.moneyBackDays}-day money-back guarantee:</strong> if you are not satisfied, ask for a refund within {T.moneyBackDays} days of your first payment.
      </Paragraph>
      <Paragraph>
        A chargeback or payment dispute filed with your bank costs a ${T.chargebackFeeDollars} fee, and the account may be suspended until it is resolved.
      </Paragraph>

      <Title level={2}>4. Promotional pricing</Title>
      <Paragraph>
        Promotional prices and promo codes apply to the first term only unless the offer says otherwise; renewals are charged at the regular price of the plan.
      </Paragraph>

      <Title level={2}>5. Fair use</Title>
      <Paragraph>
        Resources are shared. Use that degrades the service for other customers (for example sustained extreme bandwidth, automated mass uploads or storing files
        that are not videos for playback) may be limited, or we may ask you to move to a suitable plan.
      </Paragraph>

      <Title level={2}>6. Prohibited uses</Title>
      <Paragraph>
        You may not use the service for content that is unlawful, infringes the rights of others, is sexually explicit involving minors, promotes violence or hatred,
        spreads malware, or for spam, phishing, fraud, or attempts to break into or overload our systems or anyone else’s.
      </Paragraph>

      <Title level={2}>7. Copyright and takedown notices</Title>
      <Paragraph>If you believe content hosted on Reelbase infringes your copyright, send a notice to {CONTACT_EMAIL} that contains:</Paragraph>
      <ul>
        <li>your physical or electronic signature;</li>
        <li>identification of the copyrighted work you claim is infringed;</li>
        <li>identification of the infringing material and where it is (for example the embed or video link);</li>
        <li>your name, address, telephone number and email address;</li>
        <li>a statement that you believe in good faith that the use is not authorised by the owner, its agent or the law;</li>
        <li>a statement, under penalty of perjury, that the notice is accurate and that you are the owner or authorised to act for the owner.</li>
      </ul>

      <Title level={2}>8. Ownership disputes</Title>
      <Paragraph>
        Where the ownership of an account or its content is disputed, we may suspend the account until the dispute is settled. Amounts owed under a judgment are
        payable {T.judgmentPaymentDays} days after the judgment.
      </Paragraph>

      <Title level={2}>9. Privacy</Title>
      <Paragraph>
        We handle personal data as described in the <Link to="/privacy-policy">Privacy Policy</Link>. Viewer statistics are collected in aggregate to show you how
        your videos are watched.
      </Paragraph>

      <Title level={2}>10. Backups</Title>
      <Paragraph>
        We keep backups to recover the service, not as a copy you can rely on. Keep your own copies of your original video files; we are not liable for lost content.
      </Paragraph>

      <Title level={2}>11. Limitation of liability</Title>
      <Paragraph>
        To the extent the law allows, our total liability for any claim is limited to the greater of $1.00 or the amount you paid us in the month before the claim
        arose.
      </Paragraph>
      <Paragraph>Any claim related to the service is barred unless it is brought within one year after it arose.</Paragraph>

      <Title level={2}>12. Governing law</Title>
      <Paragraph>These terms are governed by the laws of the Province of {T.governingLaw} and the federal laws of Canada that apply there.</Paragraph>

      <Title level={2}>13. Contact</Title>
      <Paragraph>
        Questions about these terms: <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
      </Paragraph>
    </LegalShell>
  );
}
