// Issue 27: the lead form and the call to action, each a chunk fetched only when configured and
// only after the first frame (a play held by the form fetches it at once).
import type { ResolvedConfig } from './config.ts';
import type { EngageHost } from './engage.ts';
import { loadLaterStrings } from './strings.ts';

/**
 * `holdPlays` sets what holds a play (the lead form's decision; null: nothing); each attached part
 * goes into `extras`, destroyed with the player; `signal` is the player's teardown. (Positional
 * parameters: an object of them would cost the embed's first frame bytes.)
 */
export function loadEngagement(
  engage: EngageHost,
  { leadForm, callToAction }: ResolvedConfig,
  holdPlays: (hold: (() => boolean) | null) => void,
  extras: { destroy(): void }[],
  signal: AbortSignal,
): void {
  const { video } = engage;
  /** Once the first frame is there (now, if it is): the engagement chunks never weigh on it. */
  const afterFirstFrame = (load: () => void) => {
    if (video.readyState >= 2) load();
    else video.addEventListener('loadeddata', load, { once: true, signal });
  };
  if (leadForm) {
    let loading = false;
    let held = false;
    const loadLeadForm = () => {
      if (loading) return;
      loading = true;
      void Promise.all([import('./lead-form.ts'), loadLaterStrings()]).then(([m]) => {
        if (signal.aborted) return;
        // Not held any more while the form decides: its own play (email given before) must go through.
        holdPlays(null);
        const form = m.attachLeadForm({ ...engage, form: leadForm, heldPlay: held });
        holdPlays(form.holds);
        extras.push(form);
      });
    };
    // A play before the form's chunk is here (a click before the first frame, autoplay) waits for
    // it and fetches it at once; then the form decides.
    if (leadForm.when === 'beforePlay') {
      holdPlays(() => {
        held = true;
        loadLeadForm();
        return true;
      });
    }
    afterFirstFrame(loadLeadForm);
  }
  // The call to action shows at the end or a chosen second.
  if (callToAction) afterFirstFrame(() => void Promise.all([import('./call-to-action.ts'), loadLaterStrings()]).then(([m]) => !signal.aborted && extras.push(m.attachCallToAction({ ...engage, cta: callToAction }))));
}
