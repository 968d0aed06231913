import { TERMS } from '@reelbase/api-client';
import { Typography } from 'antd';
import { Link } from 'react-router-dom';
import { CONTACT_EMAIL } from '../../components/site-footer.tsx';
import { LegalShell } from './legal-shell.tsx';

const { Title, Paragraph } = Typography;

export function PrivacyPage() {
  return (
    <LegalShell>
      <Title level={1}>Privacy Policy</Title>
      <Paragraph>This policy explains which personal data Reelbase keeps, why, and what you can ask us to do with it.</Paragraph>
      <Title level={2}>What we collect</Title>
      <ul>
        <li>Account data: your name, email address, password (stored only as a secure hash), avatar and player settings.</li>
        <li>Payment data: the payment method you choose; card numbers are handled by our payment provider and never stored by us.</li>
        <li>Your videos and the images you upload.</li>
        <li>Viewer statistics of your videos: country, device, browser and how far a video was watched, collected without identifying viewers.</li>
        <li>Technical logs needed to run and protect the service.</li>
      </ul>
      <Title level={2}>Why we use it</Title>
      <Paragraph>To provide the service, bill your plan, show you statistics, keep the service secure and meet our legal duties. We do not sell personal data.</Paragraph>
      <Title level={2}>Sign-in with Google or Facebook</Title>
      <Paragraph>If you sign in with Google or Facebook we receive your name and email address from that provider to create or find your account.</Paragraph>
      <Title level={2}>How long we keep it</Title>
      <Paragraph>
        Account data and content are removed {TERMS.removalAfterCancellationDays} days after an account is cancelled; billing records are kept as long as tax law
        requires.
      </Paragraph>
      <Title level={2}>Your rights</Title>
      <Paragraph>
        You can view and correct your profile in Settings, and ask for a copy or the deletion of your data by writing to{' '}
        <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
      </Paragraph>
      <Title level={2}>More</Title>
      <Paragraph>
        See also the <Link to="/terms-of-use">Terms of Use</Link>.
      </Paragraph>
    </LegalShell>
  );
}
