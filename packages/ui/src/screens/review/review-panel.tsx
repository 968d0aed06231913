import { t as tr } from '@lingui/core/macro';
import { errorMessage, type TeamReviewComment } from '@reelbase/api-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Divider, Flex, Input, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useAlert, useClient } from '../../services.tsx';
import { CommentThreads } from './comment-threads.tsx';
import { ReviewLinks } from './review-links.tsx';
import { reviewKeys } from './review-keys.ts';
import { decisionText } from './decision-text.ts';

/** Comments grouped by version, newest version first. */
function byVersion(items: readonly TeamReviewComment[]): [number, TeamReviewComment[]][] {
  const groups = new Map<number, TeamReviewComment[]>();
  for (const c of items) groups.set(c.version, [...(groups.get(c.version) ?? []), c]);
  return [...groups.entries()].sort((a, b) => b[0] - a[0]);
}

/**
 * The video page's "Review" panel (issue 34 item 4): the current version's decision, the comments
 * of every version (a time seeks the owner's player; resolve and reply), and the review links.
 */
export function ReviewPanel({ videoId, canEdit, onSeek }: { videoId: string; canEdit: boolean; onSeek: (at: number) => void }) {
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const summary = useQuery({ queryKey: reviewKeys.summary(videoId), queryFn: () => client.review.summary(videoId) });
  const comments = useQuery({ queryKey: reviewKeys.comments(videoId), queryFn: () => client.review.comments(videoId) });
  const [replyTo, setReplyTo] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState<string | null>(null);

  async function act(id: string, run: () => Promise<unknown>) {
    setBusy(id);
    try {
      await run();
      await queryClient.invalidateQueries({ queryKey: reviewKeys.all(videoId) });
    } catch (err) {
      alert('error', errorMessage(err));
    } finally {
      setBusy(null);
    }
  }

  const s = summary.data;
  const current = comments.data?.currentVersion;
  return (
    <Card title={tr`Review`} size="small" style={{ marginTop: 16 }} data-testid="review-panel">
      {s && (
        <Flex vertical gap={8} style={{ marginBottom: 12 }}>
          {s.decision ? (
            <Alert data-testid="review-decision" type={s.decision.decision === 'approved' ? 'success' : 'warning'} showIcon title={`${decisionText(s.decision.decision, s.decision.name)} (${tr`Version ${s.version}`})`} />
          ) : (
            <Typography.Text type="secondary">{tr`Version ${s.version}: no decision yet.`}</Typography.Text>
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{tr`${s.comments} comments, ${s.unresolved} unresolved in this version.`}</Typography.Text>
        </Flex>
      )}
      <Tabs
        size="small"
        items={[
          {
            key: 'comments',
            label: tr`Comments`,
            children: (
              <Flex vertical gap={4}>
                {comments.data && !comments.data.items.length && <Typography.Text type="secondary">{tr`No comments yet. Create a review link and send it to your client.`}</Typography.Text>}
                {byVersion(comments.data?.items ?? []).map(([version, items]) => (
                  <div key={version} data-testid={`review-version-${version}`}>
                    <Divider titlePlacement="start" plain style={{ margin: '8px 0' }}>
                      {version === current ? tr`Version ${version} (current)` : tr`Version ${version}`}
                    </Divider>
                    <CommentThreads
                      comments={items}
                      onSeek={onSeek}
                      actions={(head) =>
                        canEdit && (
                          <Flex vertical gap={6} style={{ marginTop: 4 }}>
                            <Flex gap={8}>
                              <Button size="small" loading={busy === `resolve-${head.id}`} onClick={() => void act(`resolve-${head.id}`, () => client.review.resolve(videoId, head.id, !head.resolved))}>
                                {head.resolved ? tr`Unresolve` : tr`Resolve`}
                              </Button>
                              <Button size="small" type="link" onClick={() => setReplyTo(replyTo === head.id ? null : head.id)}>{tr`Reply`}</Button>
                            </Flex>
                            {replyTo === head.id && (
                              <Flex vertical gap={6}>
                                <Input.TextArea rows={2} maxLength={2000} value={text} onChange={(e) => setText(e.target.value)} aria-label={tr`Your reply`} />
                                <Button
                                  size="small"
                                  type="primary"
                                  style={{ alignSelf: 'start' }}
                                  loading={busy === `reply-${head.id}`}
                                  onClick={() =>
                                    void act(`reply-${head.id}`, async () => {
                                      await client.review.reply(videoId, head.id, text);
                                      setText('');
                                      setReplyTo(null);
                                    })
                                  }
                                >{tr`Send reply`}</Button>
                              </Flex>
                            )}
                          </Flex>
                        )
                      }
                    />
                  </div>
                ))}
              </Flex>
            ),
          },
          { key: 'links', label: tr`Review links`, children: <ReviewLinks videoId={videoId} canEdit={canEdit} /> },
        ]}
      />
    </Card>
  );
}
