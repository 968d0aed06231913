import type { PickFilesOptions } from '../platform.ts';

/**
 * Opens the file dialog through a hidden <input type=file> (the OS's own dialog in Electron too);
 * resolves with [] on cancel.
 */
export function pickFiles(o: PickFilesOptions): Promise<File[]> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = o.accept;
    input.multiple = !!o.multiple;
    input.style.display = 'none';
    const done = (files: File[]) => {
      input.remove();
      resolve(files);
    };
    input.addEventListener('change', () => done(Array.from(input.files ?? [])), { once: true });
    input.addEventListener('cancel', () => done([]), { once: true });
    document.body.append(input);
    input.click();
  });
}
