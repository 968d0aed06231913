import { errorMessage } from '@reelbase/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { keys } from '../../../queries.ts';
import { useAlert } from '../../../services.tsx';

/**
 * Starts a job on a video (a trim, a watermark) and goes where its progress shows: My videos, or
 * the page `to` names for the call's answer (a trim saved as new opens the new video). Resolves
 * false when the call failed (the alert bar says why) and the modal stays open.
 */
export function useStartVideoJob(videoId: string, onClose: () => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const alert = useAlert();
  return async <T>(call: () => Promise<T>, started: string, to: (answer: T) => string = () => '/'): Promise<boolean> => {
    try {
      const answer = await call();
      await Promise.all([queryClient.invalidateQueries({ queryKey: keys.videos }), queryClient.invalidateQueries({ queryKey: keys.video(videoId) })]);
      alert('success', started, { follow: true });
      onClose();
      navigate(to(answer));
      return true;
    } catch (err) {
      alert('error', errorMessage(err));
      return false;
    }
  };
}
