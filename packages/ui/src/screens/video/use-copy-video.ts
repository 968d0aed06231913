import { t } from '@lingui/core/macro';
import { errorMessage, type Video } from '@reelbase/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { keys } from '../../queries.ts';
import { useAlert, useClient } from '../../services.tsx';

/** Copies a video (POST /api/videos/{id}/copy); lists and folder counts reload. Resolves with the copy, or null after showing the error. */
export function useCopyVideo() {
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const [copying, setCopying] = useState<string | null>(null);
  async function copy(video: Pick<Video, 'id' | 'name'>): Promise<Video | null> {
    setCopying(video.id);
    try {
      const made = await client.videos.copy(video.id);
      alert('success', t`Video copied as “${made.name}”.`);
      await Promise.all([queryClient.invalidateQueries({ queryKey: keys.videos }), queryClient.invalidateQueries({ queryKey: keys.folders })]);
      return made;
    } catch (err) {
      alert('error', errorMessage(err));
      return null;
    } finally {
      setCopying(null);
    }
  }
  return { copy, copying };
}
