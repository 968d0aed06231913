import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';

export interface ReadMail {
  to: string;
  subject: string;
  template: string | undefined;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

const unfold = (h: string) => h.replace(/\r?\n[ \t]+/g, ' ');
const header = (head: string, name: string) => unfold(head).match(new RegExp(`^${name}:\\s*(.*)$`, 'im'))?.[1]?.trim();
const words = (s: string) =>
  s.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, v: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(v, 'base64').toString('utf8') : Buffer.from(v.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))), 'latin1').toString('utf8'),
  ).replace(/\?=\s+=\?/g, '');

function decode(body: string, encoding: string | undefined): Buffer {
  if (encoding?.toLowerCase() === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (encoding?.toLowerCase() === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1');
  }
  return Buffer.from(body, 'utf8');
}

/** A MIME message as nodemailer writes it: headers, the text and HTML parts, the attachments. */
export function parseMail(raw: string): ReadMail {
  const out: ReadMail = { to: '', subject: '', template: undefined, text: '', html: '', attachments: [] };
  const walk = (part: string, top: boolean) => {
    const split = part.search(/\r?\n\r?\n/);
    const head = part.slice(0, split);
    const body = part.slice(split).replace(/^\r?\n\r?\n/, '');
    if (top) {
      out.to = header(head, 'To') ?? '';
      out.subject = words(header(head, 'Subject') ?? '');
      out.template = header(head, 'X-Reelbase-Template');
    }
    const type = header(head, 'Content-Type') ?? 'text/plain';
    const boundary = type.match(/boundary="?([^";]+)"?/)?.[1];
    if (boundary) {
      for (const p of body.split(`--${boundary}`).slice(1)) if (!p.startsWith('--')) walk(p.replace(/^\r?\n/, ''), false);
      return;
    }
    const content = decode(body, header(head, 'Content-Transfer-Encoding'));
    const filename = (header(head, 'Content-Disposition') ?? '').match(/filename="?([^";]+)"?/)?.[1];
    if (filename) out.attachments.push({ filename, contentType: type.split(';')[0], content });
    else if (type.startsWith('text/html')) out.html = content.toString('utf8');
    else out.text = content.toString('utf8');
  };
  walk(raw, true);
  return out;
}

/** Every mail in a server's outbox sent to `to`, oldest first. */
export async function mailsTo(dataDir: string, to: string): Promise<ReadMail[]> {
  const dir = join(dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [])).sort();
  const all = await Promise.all(files.map(async (f) => parseMail(await readFile(join(dir, f), 'utf8'))));
  return all.filter((m) => m.to === to);
}

/**
 * The text a PDF shows, as pdfkit writes it with the built-in fonts: each content stream
 * inflated, and the strings of its text operators (hex or literal) read in order.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const parts: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1], 'latin1')).toString('latin1');
    } catch {
      content = m[1];
    }
    for (const op of content.matchAll(/\[((?:<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\)|[-\d.\s])*)\]\s*TJ|(<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\))\s*Tj/g)) {
      const strings = (op[1] ?? op[2]).match(/<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\)/g) ?? [];
      parts.push(strings.map((s) => (s.startsWith('<') ? Buffer.from(s.slice(1, -1), 'hex').toString('latin1') : s.slice(1, -1).replace(/\\(.)/g, '$1'))).join(''));
    }
  }
  return parts.join('\n');
}
