import { plural } from '@lingui/core/macro';
import { errorMessage } from '@reelbase/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { isVideoFile, notAVideoReason } from '../../lib/format.ts';
import { keys } from '../../queries.ts';
import { useAlert, useClient } from '../../services.tsx';
import { type UploadEntry, uploadsAtom } from '../../state/atoms.ts';

let seq = 0;

/** Starts one upload per video file (into `folderId`, or the top level), each with its own entry and progress; other files are refused. */
export function useUploader() {
  const client = useClient();
  const setUploads = useSetAtom(uploadsAtom);
  const queryClient = useQueryClient();
  const alert = useAlert();

  return useCallback(
    (files: File[], folderId: string | null = null) => {
      // A refused file gets an entry of its own in the dialog, saying why (the alert bar sits behind the dialog).
      const refused = files.filter((f) => !isVideoFile(f));
      for (const f of refused) setUploads((list) => [...list, { key: `upload-${++seq}`, fileName: f.name, percent: 0, status: 'error', error: notAVideoReason(f), refused: true }]);
      if (refused.length) alert('error', refused.length === 1 ? notAVideoReason(refused[0]) : plural(refused.length, { one: '# file was not uploaded: it is not a video.', other: '# files were not uploaded: they are not videos.' }));
      const update = (key: string, patch: Partial<UploadEntry>) => setUploads((list) => list.map((e) => (e.key === key ? { ...e, ...patch } : e)));
      for (const file of files.filter(isVideoFile)) {
        const key = `upload-${++seq}`;
        setUploads((list) => [...list, { key, fileName: file.name, percent: 0, status: 'uploading' }]);
        client.videos
          .upload({ file, folderId, onProgress: (p) => update(key, { percent: p.percent }) })
          .then((video) => {
            update(key, { status: 'done', percent: 100, videoId: video.id });
            void queryClient.invalidateQueries({ queryKey: keys.videos });
            if (folderId) void queryClient.invalidateQueries({ queryKey: keys.folders });
          })
          .catch((err) => update(key, { status: 'error', error: errorMessage(err) }));
      }
    },
    [client, setUploads, queryClient, alert],
  );
}
