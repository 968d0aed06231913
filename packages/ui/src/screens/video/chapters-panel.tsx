import { t } from '@lingui/core/macro';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ApiError, type Chapter, errorMessage, formatChapterTime, parseChapterLines, toChapterLines, type Video } from '@reelbase/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Input, List, Typography } from 'antd';
import { useState } from 'react';
import { keys } from '../../queries.ts';
import { useAlert, useClient } from '../../services.tsx';
import { type ChapterRow, chaptersOfRows, errorsByLine, newRow, rowsOf } from './chapter-rows.ts';

/**
 * The video page's chapters (issue 26 item 3): a list of start time and title, rows added and
 * removed, or pasted as lines (`00:00 Intro`); errors shown at their line, before sending (the
 * API's own rules) and from the API's 422. Saved whole; players mark them on the seek bar.
 */
export function ChaptersPanel({ video, canEdit }: { video: Video; canEdit: boolean }) {
  const client = useClient();
  const queryClient = useQueryClient();
  const alert = useAlert();
  const [rows, setRows] = useState<ChapterRow[]>(() => rowsOf(video.chapters));
  const [errors, setErrors] = useState<Map<number, string>>(new Map());
  const [pasting, setPasting] = useState<string | null>(null);
  const [pasteErrors, setPasteErrors] = useState<{ line: number; message: string }[]>([]);
  const [saving, setSaving] = useState(false);
  const duration = video.metadata.durationSec;

  const change = (i: number, patch: Partial<ChapterRow>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  function applyPasted() {
    const parsed = parseChapterLines(pasting ?? '');
    setPasteErrors(parsed.errors);
    if (parsed.errors.length) return;
    setRows(rowsOf(parsed.chapters));
    setErrors(chaptersOfRows(rowsOf(parsed.chapters), duration).errors);
    setPasting(null);
  }

  async function save() {
    const { chapters, errors: found } = chaptersOfRows(rows, duration);
    setErrors(found);
    if (found.size) return;
    setSaving(true);
    try {
      const saved = await client.chapters.save(video.id, chapters);
      queryClient.setQueryData(keys.video(video.id), (v: Video | undefined) => v && { ...v, chapters: saved.chapters });
      setRows(rowsOf(saved.chapters));
      alert('success', saved.chapters.length ? t`Chapters saved.` : t`Chapters removed.`);
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setErrors(errorsByLine(err.errors));
      else alert('error', errorMessage(err));
    } finally {
      setSaving(false);
    }
  }

  if (!canEdit) {
    return (
      <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t`Chapters`}</h2>} size="small" style={{ marginTop: 16 }} data-testid="chapters-panel">
        {video.chapters.length ? (
          <List size="small" dataSource={video.chapters} renderItem={(c: Chapter) => <List.Item>{`${formatChapterTime(c.start)} ${c.title}`}</List.Item>} />
        ) : (
          <Typography.Text type="secondary">{t`No chapters.`}</Typography.Text>
        )}
      </Card>
    );
  }

  const listError = errors.get(-1);
  return (
    <Card
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{t`Chapters`}</h2>}
      size="small"
      style={{ marginTop: 16 }}
      data-testid="chapters-panel"
      extra={
        pasting === null && (
          <Button size="small" onClick={() => setPasting(toChapterLines(chaptersOfRows(rows, duration).chapters.filter((c) => Number.isFinite(c.start))))}>{t`Paste lines`}</Button>
        )
      }
    >
      {pasting !== null ? (
        <Flex vertical gap={8}>
          <label htmlFor="chapter-lines">{t`One chapter a line: a time, then the title (00:00 Intro).`}</label>
          <Input.TextArea id="chapter-lines" value={pasting} onChange={(e) => setPasting(e.target.value)} autoSize={{ minRows: 4, maxRows: 14 }} aria-describedby={pasteErrors.length ? 'chapter-lines-errors' : undefined} />
          {pasteErrors.length > 0 && (
            <ul id="chapter-lines-errors" role="alert" style={{ margin: 0, paddingInlineStart: 20 }}>
              {pasteErrors.map((e) => (
                <li key={e.line}>
                  <Typography.Text type="danger">{t`Line ${e.line}: ${e.message}`}</Typography.Text>
                </li>
              ))}
            </ul>
          )}
          <Flex gap={8}>
            <Button type="primary" onClick={applyPasted}>{t`Use these lines`}</Button>
            <Button
              onClick={() => {
                setPasting(null);
                setPasteErrors([]);
              }}
            >{t`Cancel`}</Button>
          </Flex>
        </Flex>
      ) : (
        <Flex vertical gap={8}>
          {rows.length === 0 && <Typography.Text type="secondary">{t`No chapters. Add one starting at 0:00, or paste a list.`}</Typography.Text>}
          {rows.map((row, i) => {
            const error = errors.get(i);
            const errorId = `chapter-error-${row.key}`;
            return (
              <div key={row.key} data-testid="chapter-row">
                <Flex gap={8} align="center">
                  <Input
                    aria-label={t`Start of chapter ${i + 1}`}
                    value={row.time}
                    placeholder="0:00"
                    status={error ? 'error' : undefined}
                    aria-invalid={!!error}
                    aria-describedby={error ? errorId : undefined}
                    onChange={(e) => change(i, { time: e.target.value })}
                    style={{ width: 96, fontVariantNumeric: 'tabular-nums' }}
                  />
                  <Input aria-label={t`Title of chapter ${i + 1}`} value={row.title} maxLength={100} status={error ? 'error' : undefined} onChange={(e) => change(i, { title: e.target.value })} />
                  <Button aria-label={t`Remove chapter ${i + 1}`} icon={<DeleteOutlined aria-hidden />} onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))} />
                </Flex>
                {error && (
                  <Typography.Text id={errorId} type="danger" role="alert" style={{ fontSize: 13 }}>
                    {t`Line ${i + 1}: ${error}`}
                  </Typography.Text>
                )}
              </div>
            );
          })}
          {listError && (
            <Typography.Text type="danger" role="alert">
              {listError}
            </Typography.Text>
          )}
          <Flex gap={8} justify="space-between">
            <Button
              icon={<PlusOutlined aria-hidden />}
              onClick={() =>
                setRows((rs) => {
                  const last = chaptersOfRows(rs, null).chapters.at(-1)?.start;
                  return [...rs, newRow(formatChapterTime(rs.length && last !== undefined && Number.isFinite(last) ? last + 10 : 0))];
                })
              }
            >{t`Add chapter`}</Button>
            <Button type="primary" loading={saving} onClick={save}>{t`Save chapters`}</Button>
          </Flex>
        </Flex>
      )}
    </Card>
  );
}
