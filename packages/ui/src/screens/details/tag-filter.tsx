import { t } from '@lingui/core/macro';
import { TagOutlined } from '@ant-design/icons';
import { Button, Flex, Input } from 'antd';
import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';

/** Issue 34: My videos' tag filter, kept in the URL (?tag=) so a tag link opens it. */
export function useTagFilter(): [string | null, (tag: string | null) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const tag = searchParams.get('tag')?.trim() || null;
  const set = (next: string | null) =>
    setSearchParams((p) => {
      const q = new URLSearchParams(p);
      if (next?.trim()) q.set('tag', next.trim());
      else q.delete('tag');
      return q;
    });
  return [tag, set];
}

/** The field that filters by a tag, or the filter in force with its Clear button. */
export function TagFilter({ tag, onChange }: { tag: string | null; onChange(tag: string | null): void }) {
  const id = useId();
  if (tag) {
    return (
      <Flex align="center" gap={8} data-testid="tag-filter">
        <span>
          <TagOutlined aria-hidden />{' '}{t`Tagged “${tag}”`}
        </span>
        <Button size="small" onClick={() => onChange(null)}>{t`Clear tag`}</Button>
      </Flex>
    );
  }
  return (
    <Flex align="center" gap={8} data-testid="tag-filter">
      <label htmlFor={id}>{t`Tag`}</label>
      <Input.Search id={id} size="middle" style={{ width: 180 }} allowClear placeholder={t`Filter by tag`} enterButton={false} onSearch={(value) => onChange(value || null)} />
    </Flex>
  );
}
