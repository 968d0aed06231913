// The name a downloaded file is saved under (issue 34): the video's name without path separators,
// quotes, control or reserved characters (Windows) or leading dots, and the stored file's extension.
const UNSAFE = /[\p{Cc}"*/:<>?\\|]+/gu;

export function downloadName(name: string, key: string): string {
  const ext = /\.[a-z0-9]{1,8}$/i.exec(key)?.[0].toLowerCase() ?? '';
  const base = name.replace(UNSAFE, ' ').replace(/\s+/g, ' ').replace(/^[\s.]+|[\s.]+$/g, '').slice(0, 120) || 'video';
  return `${base}${ext}`;
}
