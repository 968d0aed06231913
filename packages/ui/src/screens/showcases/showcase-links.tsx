import { t } from '@lingui/core/macro';
import type { Showcase } from '@reelbase/api-client';
import { Button, Flex, Input, Typography } from 'antd';
import { useCopyText } from '../../services.tsx';

/** One link to hand out: its text, selectable, and a Copy button. */
function CopyRow({ label, value, testId, multiline }: { label: string; value: string; testId: string; multiline?: boolean }) {
  const copy = useCopyText();
  return (
    <Flex vertical gap={4}>
      <Typography.Text strong>{label}</Typography.Text>
      <Flex gap={8} align="start">
        {multiline ? (
          <Input.TextArea readOnly value={value} aria-label={label} data-testid={testId} autoSize={{ minRows: 2, maxRows: 4 }} style={{ fontFamily: 'monospace' }} />
        ) : (
          <Input readOnly value={value} aria-label={label} data-testid={testId} />
        )}
        <Button onClick={() => copy(value)}>{t`Copy`}</Button>
      </Flex>
    </Flex>
  );
}

/** What a showcase is shared by: its page, its podcast feed (not for a password showcase) and the gallery snippet. */
export function ShowcaseLinks({ showcase }: { showcase: Showcase }) {
  return (
    <Flex vertical gap={12} data-testid="showcase-links">
      <CopyRow label={t`Page link`} value={showcase.pageUrl} testId="showcase-page-url" />
      {showcase.feedUrl && <CopyRow label={t`Podcast feed`} value={showcase.feedUrl} testId="showcase-feed-url" />}
      <CopyRow label={t`Gallery embed code`} value={showcase.embedCode} testId="showcase-embed-code" multiline />
      <Typography.Link href={showcase.pageUrl} target="_blank" rel="noopener">{t`Open the page`}</Typography.Link>
    </Flex>
  );
}
