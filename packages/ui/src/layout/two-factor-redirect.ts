import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { twoFactorNeededAtom } from '../state/atoms.ts';

/** Opens Settings (its two-factor card) whenever a team answered that it requires two-factor sign-in the person has not set up. */
export function useTwoFactorRedirect() {
  const needed = useAtomValue(twoFactorNeededAtom);
  const navigate = useNavigate();
  useEffect(() => {
    if (needed) navigate('/settings', { state: { twoFactorNeeded: true } });
  }, [needed, navigate]);
}
