import type { Subscription } from '@reelbase/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { keys } from '../../queries.ts';

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
