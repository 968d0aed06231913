import { errorMessage, type Subscription } from '@reelbase/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { keys } from '../../queries.ts';
import { useAlert } from '../../services.tsx';

/**
 * After a payment call: the answer's subscription goes into the cache, and what it changes
 * elsewhere (the profile's active state, the limits on the usage screen, the history) reloads.
 */
export function useSubscriptionChanged() {
  const queryClient = useQueryClient();
  return useCallback(
    (subscription?: Subscription) => {
      if (subscription) queryClient.setQueryData(keys.subscription, subscription);
      else void queryClient.invalidateQueries({ queryKey: keys.subscription });
      void queryClient.invalidateQueries({ queryKey: keys.profile });
      void queryClient.invalidateQueries({ queryKey: keys.usage });
      void queryClient.invalidateQueries({ queryKey: keys.paymentHistory });
    },
    [queryClient],
  );
}

/**
 * One payment call from a modal: busy while it runs, then the answer's subscription cached and its
 * message shown, and `done` (the modal closes); a refusal is shown and the modal stays.
 */
export function useSubscriptionAction() {
  const alert = useAlert();
  const changed = useSubscriptionChanged();
  const [busy, setBusy] = useState(false);
  async function run(call: () => Promise<{ message: string; subscription: Subscription }>, done: () => void) {
    setBusy(true);
    try {
      const r = await call();
      changed(r.subscription);
      alert('success', r.message);
      done();
    } catch (err) {
      alert('error', errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}
