import { errorMessage } from '@reelbase/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { keys } from '../../../queries.ts';
import { useAlert } from '../../../services.tsx';

/**
 * Starts a job on a video (a trim, a watermark) and goes back to My videos, where its progress
 * shows. Resolves false when the call failed (the alert bar says why) and the modal stays open.
 */
export function useStartVideoJob(videoId: string, onClose: () => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const alert = useAlert();
  return async (call: () => Promise<unknown>, started: string): Promise<boolean> => {
    try {
      await call();
      await Promise.all([queryClient.invalidateQueries({ queryKey: keys.videos }), queryClient.invalidateQueries({ queryKey: keys.video(videoId) })]);
      alert('success', started);
      onClose();
      navigate('/');
      return true;
    } catch (err) {
      alert('error', errorMessage(err));
      return false;
    }
  };
}
