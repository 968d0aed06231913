import { t as tr } from '@lingui/core/macro';
import type { ReviewComment } from '@reelbase/api-client';
import { Button, Empty, Flex, Tag, theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import { clock } from './time.ts';

/** Comments as threads (a comment and its replies), in the order of their time in the video. */
export function threadsOf<T extends ReviewComment>(comments: readonly T[]): { head: T; replies: T[] }[] {
  const heads = comments.filter((c) => c.parentId === null).sort((a, b) => a.atSec - b.atSec || a.createdAt.localeCompare(b.createdAt));
  return heads.map((head) => ({ head, replies: comments.filter((c) => c.parentId === head.id) }));
}

/** The threads of one review: each comment's time seeks the player; `actions` adds what the viewer may do (reply, resolve). */
export function CommentThreads<T extends ReviewComment>({ comments, onSeek, actions, empty }: { comments: readonly T[]; onSeek: (at: number) => void; actions?: (head: T) => ReactNode; empty?: string }) {
  const { token } = theme.useToken();
  const threads = threadsOf(comments);
  if (!threads.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty ?? tr`No comments yet.`} />;
  return (
    <Flex vertical gap={12} data-testid="review-comments">
      {threads.map(({ head, replies }) => (
        <div key={head.id} data-testid="review-thread" style={{ borderInlineStart: `3px solid ${head.resolved ? token.colorSuccess : token.colorWarning}`, paddingInlineStart: 10 }}>
          <Flex gap={8} align="baseline" wrap>
            <Button size="small" type="link" style={{ padding: 0 }} onClick={() => onSeek(head.atSec)} aria-label={tr`Play from ${clock(head.atSec)}`}>
              {clock(head.atSec)}
            </Button>
            <Typography.Text strong>{head.name}</Typography.Text>
            {head.resolved && <Tag color="success">{tr`Resolved`}</Tag>}
          </Flex>
          <Typography.Paragraph style={{ margin: '2px 0', whiteSpace: 'pre-wrap' }}>{head.text}</Typography.Paragraph>
          {replies.map((r) => (
            <div key={r.id} data-testid="review-reply" style={{ marginInlineStart: 16, color: token.colorTextSecondary }}>
              <Typography.Text strong>{r.name}</Typography.Text>
              {r.byTeam && <Tag style={{ marginInlineStart: 6 }}>{tr`Team`}</Tag>}
              <div style={{ whiteSpace: 'pre-wrap' }}>{r.text}</div>
            </div>
          ))}
          {actions?.(head)}
        </div>
      ))}
    </Flex>
  );
}
