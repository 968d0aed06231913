import { t } from '@lingui/core/macro';
import { DeleteOutlined, MergeCellsOutlined, PlusOutlined, ScissorOutlined } from '@ant-design/icons';
import { Button, Input, theme, Tooltip } from 'antd';
import { type KeyboardEvent, memo, useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { type EditCue, formatCueTime, parseCueTime, timesProblem } from './cue-edits.ts';

/** Every row has the same height, so a 2-hour track (thousands of cues) renders only what shows. */
export const CUE_ROW_HEIGHT = 116;
const OVERSCAN = 4;

export type CueAction = 'split' | 'merge' | 'insert' | 'delete';
export interface CueListProps {
  cues: readonly EditCue[];
  /** The cue under the playhead (-1: none). */
  active: number;
  /** While playing, the list follows the playhead. */
  follow: boolean;
  problems: ReadonlyMap<number, string>;
  /** Asks the list to scroll to a row and put the caret in its text (after an edit or a save refused). */
  focusRequest: { index: number; seq: number } | null;
  onSeek(index: number): void;
  onText(index: number, text: string): void;
  onTimes(index: number, startSec: number, endSec: number): void;
  onAction(index: number, action: CueAction): void;
}

/** The shortcuts each row answers to; shown in the buttons' tooltips and the editor's help line. */
export const ROW_KEYS: Record<CueAction, { label: string; keys: string; test(e: KeyboardEvent): boolean }> = {
  split: { get label() { return t`Split`; }, keys: 'Alt+S', test: (e) => e.altKey && e.code === 'KeyS' },
  merge: { get label() { return t`Merge with next`; }, keys: 'Alt+M', test: (e) => e.altKey && e.code === 'KeyM' },
  insert: { get label() { return t`Insert after`; }, keys: 'Alt+Enter', test: (e) => e.altKey && e.key === 'Enter' },
  delete: { get label() { return t`Delete`; }, keys: 'Alt+Delete', test: (e) => e.altKey && (e.key === 'Delete' || e.key === 'Backspace') },
};
const ICONS: Record<CueAction, React.ReactNode> = {
  split: <ScissorOutlined aria-hidden />,
  merge: <MergeCellsOutlined aria-hidden />,
  insert: <PlusOutlined aria-hidden />,
  delete: <DeleteOutlined aria-hidden />,
};

/**
 * The cues as a virtualised list: only the rows in view (and a few around) are in the page. Each
 * row: its times, its text, and split / merge / insert / delete. Alt+Up and Alt+Down move between
 * cues; clicking a row seeks the player to its start.
 */
export function CueList({ cues, active, follow, problems, focusRequest, onSeek, onText, onTimes, onAction }: CueListProps) {
  const box = useRef<HTMLElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(560);
  const pendingFocus = useRef<number | null>(null);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  // A shortcut's key must not also type into the text (Alt+Enter's line break, Option+S's "ß").
  const swallowUntil = useRef(0);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const guard = (e: Event) => {
      if (performance.now() < swallowUntil.current) e.preventDefault();
    };
    el.addEventListener('beforeinput', guard, true);
    el.addEventListener('keypress', guard, true);
    return () => {
      el.removeEventListener('beforeinput', guard, true);
      el.removeEventListener('keypress', guard, true);
    };
  }, []);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    setHeight(el.clientHeight);
    const ro = new ResizeObserver(() => setHeight(el.clientHeight));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const scrollTo = useCallback((index: number) => {
    const el = box.current;
    if (!el) return;
    const top = index * CUE_ROW_HEIGHT;
    if (top < el.scrollTop || top + CUE_ROW_HEIGHT > el.scrollTop + el.clientHeight) {
      el.scrollTop = Math.max(0, top - CUE_ROW_HEIGHT);
      setScrollTop(el.scrollTop);
    }
  }, []);

  useEffect(() => {
    if (follow && active >= 0) scrollTo(active);
  }, [follow, active, scrollTo]);

  useEffect(() => {
    if (!focusRequest) return;
    pendingFocus.current = focusRequest.index;
    scrollTo(focusRequest.index);
  }, [focusRequest, scrollTo]);

  // After the row is rendered (it may just have scrolled into view), the caret goes into its text.
  useEffect(() => {
    const index = pendingFocus.current;
    if (index === null) return;
    const area = box.current?.querySelector<HTMLTextAreaElement>(`[data-cue-index="${index}"] textarea`);
    if (area) {
      pendingFocus.current = null;
      area.focus();
    }
  });

  const first = Math.max(0, Math.floor(scrollTop / CUE_ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(cues.length, Math.ceil((scrollTop + height) / CUE_ROW_HEIGHT) + OVERSCAN);

  function onKeyDown(index: number, e: KeyboardEvent) {
    if (e.altKey && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
      e.preventDefault();
      const to = Math.min(cues.length - 1, Math.max(0, index + (e.key === 'ArrowDown' ? 1 : -1)));
      pendingFocus.current = to;
      scrollTo(to);
      onSeek(to);
      rerender(); // the focus effect puts the caret in the row once it is in the page
      return;
    }
    for (const [action, k] of Object.entries(ROW_KEYS) as [CueAction, (typeof ROW_KEYS)[CueAction]][]) {
      if (k.test(e)) {
        e.preventDefault();
        swallowUntil.current = performance.now() + 100;
        onAction(index, action);
        return;
      }
    }
  }

  return (
    <section
      ref={box}
      aria-label={t`Cues`}
      data-testid="cue-list"
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      style={{ height: 'min(70vh, 640px)', overflowY: 'auto', position: 'relative' }}
    >
      <ul aria-label={t`Cues`} style={{ height: cues.length * CUE_ROW_HEIGHT, position: 'relative', listStyle: 'none', margin: 0, padding: 0 }}>
        {cues.slice(first, last).map((cue, k) => {
          const index = first + k;
          return (
            <CueRow
              key={cue.id}
              cue={cue}
              index={index}
              count={cues.length}
              isActive={index === active}
              problem={problems.get(index)}
              onSeek={onSeek}
              onText={onText}
              onTimes={onTimes}
              onAction={onAction}
              onKeyDown={onKeyDown}
            />
          );
        })}
      </ul>
    </section>
  );
}

interface RowProps {
  cue: EditCue;
  index: number;
  count: number;
  isActive: boolean;
  problem: string | undefined;
  onSeek(index: number): void;
  onText(index: number, text: string): void;
  onTimes(index: number, startSec: number, endSec: number): void;
  onAction(index: number, action: CueAction): void;
  onKeyDown(index: number, e: KeyboardEvent): void;
}

const CueRow = memo(function CueRow({ cue, index, count, isActive, problem, onSeek, onText, onTimes, onAction, onKeyDown }: RowProps) {
  const { token } = theme.useToken();
  const [timeError, setTimeError] = useState<string | null>(null);
  const message = timeError ?? problem;
  const n = index + 1;
  return (
    <li
      data-cue-index={index}
      data-testid="cue-row"
      aria-current={isActive ? 'true' : undefined}
      aria-label={t`Cue ${n} of ${count}`}
      onClick={(e) => {
        if (!(e.target as HTMLElement).closest('button, input')) onSeek(index);
      }}
      onKeyDown={(e) => onKeyDown(index, e)}
      style={{
        position: 'absolute',
        top: index * CUE_ROW_HEIGHT,
        left: 0,
        right: 0,
        height: CUE_ROW_HEIGHT - 6,
        padding: '6px 8px',
        borderRadius: token.borderRadius,
        border: `1px solid ${isActive ? token.colorPrimary : token.colorBorderSecondary}`,
        background: isActive ? token.colorPrimaryBg : token.colorBgContainer,
        display: 'grid',
        gridTemplateColumns: 'auto 1fr',
        gap: '4px 8px',
        boxSizing: 'border-box',
      }}
    >
      <div style={{ gridColumn: '1 / -1', display: 'flex', gap: 6, alignItems: 'center', flexWrap: 'nowrap', minWidth: 0 }}>
        <Button size="small" type="text" onClick={() => onSeek(index)} aria-label={t`Play cue ${n} from ${formatCueTime(cue.startSec)}`} style={{ paddingInline: 4, fontVariantNumeric: 'tabular-nums' }}>
          {n}
        </Button>
        <CueTime label={t`Cue ${n} start`} value={cue.startSec} onCommit={(s) => commitTimes(s, cue.endSec)} />
        <span aria-hidden>→</span>
        <CueTime label={t`Cue ${n} end`} value={cue.endSec} onCommit={(e) => commitTimes(cue.startSec, e)} />
        <span style={{ marginInlineStart: 'auto', display: 'flex', gap: 2 }}>
          {(Object.keys(ROW_KEYS) as CueAction[]).map((action) => (
            <Tooltip key={action} title={`${ROW_KEYS[action].label} (${ROW_KEYS[action].keys})`}>
              <Button
                size="small"
                type="text"
                danger={action === 'delete'}
                icon={ICONS[action]}
                disabled={action === 'merge' && index === count - 1}
                aria-label={t`${ROW_KEYS[action].label}: cue ${n}`}
                aria-keyshortcuts={ROW_KEYS[action].keys}
                onClick={() => onAction(index, action)}
              />
            </Tooltip>
          ))}
        </span>
      </div>
      <Input.TextArea
        aria-label={t`Cue ${n} text`}
        value={cue.text}
        status={message ? 'error' : undefined}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `cue-problem-${cue.id}` : undefined}
        onChange={(e) => onText(index, e.target.value)}
        autoSize={false}
        rows={2}
        style={{ gridColumn: '1 / -1', resize: 'none', height: 48 }}
      />
      {message && (
        <span id={`cue-problem-${cue.id}`} role="alert" style={{ gridColumn: '1 / -1', color: token.colorError, fontSize: 12, lineHeight: '14px' }}>
          {message}
        </span>
      )}
    </li>
  );

  function commitTimes(startSec: number, endSec: number) {
    const p = timesProblem(startSec, endSec);
    setTimeError(p);
    if (!p && (startSec !== cue.startSec || endSec !== cue.endSec)) onTimes(index, startSec, endSec);
  }
});

/** A cue time typed as h:mm:ss.mmm, taken on blur or Enter; an entry that is no time shows why. */
function CueTime({ label, value, onCommit }: { label: string; value: number; onCommit(sec: number): void }) {
  const [text, setText] = useState(formatCueTime(value));
  const [bad, setBad] = useState(false);
  useEffect(() => {
    setText(formatCueTime(value));
    setBad(false);
  }, [value]);
  const commit = () => {
    const sec = parseCueTime(text);
    if (Number.isNaN(sec)) {
      setBad(true);
      return;
    }
    setBad(false);
    setText(formatCueTime(sec));
    onCommit(sec);
  };
  return (
    <Input
      size="small"
      aria-label={label}
      title={bad ? t`Enter a time as h:mm:ss.mmm` : label}
      status={bad ? 'error' : undefined}
      aria-invalid={bad || undefined}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onPressEnter={commit}
      inputMode="decimal"
      style={{ width: 116, fontVariantNumeric: 'tabular-nums' }}
    />
  );
}
