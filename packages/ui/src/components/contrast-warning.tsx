import { t } from '@lingui/core/macro';
import type { ColorScheme } from '@reelbase/api-client';
import { Alert } from 'antd';
import { AA_TEXT, contrastProblems, formatRatio } from '../lib/contrast.ts';

/**
 * Under the colour pickers: which of the owner's colours viewers may not tell apart, with the
 * contrast ratio and the WCAG AA minimum (4.5:1 for the white icons and time, 3:1 for the sliders).
 * Nothing when every pair passes; the warning is an alert, so a colour that causes one is announced.
 */
export function ContrastWarning({ scheme }: { scheme: Pick<ColorScheme, 'playerPlayButton' | 'playerControlBar'> }) {
  const problems = contrastProblems(scheme);
  return (
    <div data-testid="contrast-warning">
      {problems.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t`Some viewers may not see the player's controls well: below the WCAG AA contrast (${formatRatio(AA_TEXT)} for icons and text).`}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {problems.map((p) => (
                <li key={p.pair}>
                  {t`${p.pair}: ${formatRatio(p.ratio)}, at least ${formatRatio(p.minimum)} needed. Try ${p.fix}.`}
                </li>
              ))}
            </ul>
          }
        />
      )}
    </div>
  );
}
