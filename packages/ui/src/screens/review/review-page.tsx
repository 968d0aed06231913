import { t as tr } from '@lingui/core/macro';
import { ApiError, errorMessage, REVIEW_ERROR_CODES, type ReviewComment, type ReviewDecisionKind } from '@reelbase/api-client';
import type { Player } from '@reelbase/player';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Flex, Form, Input, Layout, Result, Row, Skeleton, Tag, Typography } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Brand } from '../../components/brand.tsx';
import { useAlert, useClient } from '../../services.tsx';
import { CommentThreads } from './comment-threads.tsx';
import { decisionText } from './decision-text.ts';
import { ReviewUnlock } from './review-unlock.tsx';
import { rememberedReviewer, rememberReviewer } from './reviewer-identity.ts';
import { clock } from './time.ts';

// The player comes with this screen only (and after the review answer).
const ReviewPlayer = lazy(() => import('./review-player.tsx'));

/**
 * /review/{token}: a client reviews a video without an account (issue 34 item 4): the player with
 * the comments marked on its seek bar, a comment at the current second, replies, and Approve /
 * Request changes. A password link asks for its password first; its access lives in this tab.
 */
export function ReviewPage() {
  const { token = '' } = useParams();
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const accessKey = `reelbase.review-access.${token}`;
  const [access, setAccess] = useState<string | null>(() => sessionStorage.getItem(accessKey));
  const key = ['review', token, access] as const;
  const page = useQuery({ queryKey: key, queryFn: () => client.review.page(token, access), retry: false, refetchOnWindowFocus: false });
  const [player, setPlayer] = useState<Player | null>(null);
  const [now, setNow] = useState(0);
  const [form] = Form.useForm();
  const [busy, setBusy] = useState<string | null>(null);
  const [replyTo, setReplyTo] = useState<string | null>(null);
  const [replyText, setReplyText] = useState('');

  useEffect(() => {
    const video = player?.video;
    if (!video) return;
    const tick = () => setNow(video.currentTime);
    video.addEventListener('timeupdate', tick);
    video.addEventListener('seeked', tick);
    return () => {
      video.removeEventListener('timeupdate', tick);
      video.removeEventListener('seeked', tick);
    };
  }, [player]);

  const reload = () => queryClient.invalidateQueries({ queryKey: ['review', token] });
  /** The reviewer's name and email from the form (checked there first), remembered for next time. */
  async function who() {
    const v = await form.validateFields(['name', 'email']);
    rememberReviewer(v);
    return v as { name: string; email: string };
  }
  function showFieldErrors(err: unknown) {
    if (err instanceof ApiError && err.errors) form.setFields(Object.entries(err.errors).map(([name, e]) => ({ name: name === 'atSec' ? 'text' : name, errors: [e] })));
    alert('error', errorMessage(err));
  }

  async function comment(parent?: ReviewComment) {
    let identity: { name: string; email: string };
    try {
      identity = await who();
    } catch {
      return;
    }
    const text = parent ? replyText : String(form.getFieldValue('text') ?? '');
    setBusy(parent ? `reply-${parent.id}` : 'comment');
    try {
      await client.review.comment(token, { ...identity, atSec: parent ? parent.atSec : Math.floor(now), text, parentId: parent?.id }, access);
      if (parent) {
        setReplyTo(null);
        setReplyText('');
      } else form.setFieldValue('text', '');
      await reload();
    } catch (err) {
      showFieldErrors(err);
    } finally {
      setBusy(null);
    }
  }

  async function decide(decision: ReviewDecisionKind) {
    let identity: { name: string; email: string };
    try {
      identity = await who();
    } catch {
      return;
    }
    setBusy(decision);
    try {
      await client.review.decide(token, { decision, ...identity }, access);
      alert('success', decision === 'approved' ? tr`Thank you: the video is approved.` : tr`Thank you: the team is told you requested changes.`);
      await reload();
    } catch (err) {
      showFieldErrors(err);
    } finally {
      setBusy(null);
    }
  }

  const err = page.error;
  const locked = err instanceof ApiError && err.code === REVIEW_ERROR_CODES.password;
  const r = page.data;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center' }}>
        <Brand />
      </Layout.Header>
      <Layout.Content style={{ padding: '24px 16px', maxWidth: 1200, width: '100%', margin: '0 auto' }}>
        {page.isPending ? (
          <Skeleton active />
        ) : locked ? (
          <ReviewUnlock
            token={token}
            onUnlocked={(a) => {
              sessionStorage.setItem(accessKey, a);
              setAccess(a);
            }}
          />
        ) : err || !r ? (
          <Result status={err instanceof ApiError && err.status === 404 ? '404' : 'warning'} title={tr`This review link does not work`} subTitle={errorMessage(err)} />
        ) : (
          <>
            <Flex align="center" gap={12} wrap style={{ marginBottom: 16 }}>
              <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>{r.videoName}</Typography.Title>
              <Tag>{tr`Version ${r.version}`}</Tag>
            </Flex>
            {r.decision && (
              <Alert
                data-testid="review-decision"
                type={r.decision.decision === 'approved' ? 'success' : 'warning'}
                showIcon
                style={{ marginBottom: 16 }}
                title={decisionText(r.decision.decision, r.decision.name)}
              />
            )}
            <Row gutter={[24, 24]}>
              <Col xs={24} lg={15}>
                <Card styles={{ body: { padding: 0, overflow: 'hidden' } }}>
                  <Suspense fallback={<div style={{ aspectRatio: '16 / 9', background: '#000' }} />}>
                    <ReviewPlayer
                      playback={r.playback}
                      comments={r.comments}
                      onPlayer={setPlayer}
                      renew={async () => (await client.review.page(token, access)).playback.token ?? null}
                    />
                  </Suspense>
                </Card>
                <Card size="small" style={{ marginTop: 16 }}>
                  <Form form={form} layout="vertical" name="review-comment" initialValues={rememberedReviewer()} requiredMark={false}>
                    <Flex gap={12} wrap>
                      <Form.Item label={tr`Your name`} name="name" rules={[{ required: true, whitespace: true, message: tr`Enter your name.` }]} style={{ flex: 1, minWidth: 180 }}>
                        <Input autoComplete="name" />
                      </Form.Item>
                      <Form.Item label={tr`Your email`} name="email" rules={[{ required: true, type: 'email', message: tr`Enter your email address.` }]} style={{ flex: 1, minWidth: 200 }}>
                        <Input type="email" autoComplete="email" />
                      </Form.Item>
                    </Flex>
                    <Form.Item label={tr`Comment at ${clock(now)}`} name="text">
                      <Input.TextArea rows={3} maxLength={2000} placeholder={tr`What should change at this moment?`} />
                    </Form.Item>
                    <Flex gap={8} wrap justify="space-between">
                      <Button type="primary" loading={busy === 'comment'} onClick={() => void comment()}>{tr`Comment at ${clock(now)}`}</Button>
                      <Flex gap={8}>
                        <Button loading={busy === 'changes_requested'} onClick={() => void decide('changes_requested')}>{tr`Request changes`}</Button>
                        <Button type="primary" style={{ background: '#389e0d' }} loading={busy === 'approved'} onClick={() => void decide('approved')}>{tr`Approve`}</Button>
                      </Flex>
                    </Flex>
                  </Form>
                </Card>
              </Col>
              <Col xs={24} lg={9}>
                <Card title={tr`Comments`} size="small">
                  <CommentThreads
                    comments={r.comments}
                    onSeek={(at) => {
                      if (player) player.video.currentTime = at;
                    }}
                    actions={(head) =>
                      replyTo === head.id ? (
                        <Flex vertical gap={6} style={{ marginTop: 6 }}>
                          <Input.TextArea rows={2} maxLength={2000} value={replyText} onChange={(e) => setReplyText(e.target.value)} aria-label={tr`Your reply`} />
                          <Flex gap={6}>
                            <Button size="small" type="primary" loading={busy === `reply-${head.id}`} onClick={() => void comment(head)}>{tr`Send reply`}</Button>
                            <Button size="small" onClick={() => setReplyTo(null)}>{tr`Cancel`}</Button>
                          </Flex>
                        </Flex>
                      ) : (
                        <Button size="small" type="link" style={{ padding: 0 }} onClick={() => setReplyTo(head.id)}>{tr`Reply`}</Button>
                      )
                    }
                  />
                </Card>
              </Col>
            </Row>
          </>
        )}
      </Layout.Content>
    </Layout>
  );
}
