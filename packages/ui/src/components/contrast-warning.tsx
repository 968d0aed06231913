import { t } from '@lingui/core/macro';
import type { ColorScheme } from '@reelbase/api-client';
import { Alert, Typography } from 'antd';
import { AA_TEXT, type ContrastCheck, contrastProblems, formatRatio, isSpecDefaultScheme } from '../lib/contrast.ts';

function warningTitle() {
  const minimum = formatRatio(AA_TEXT);
  return t`Some viewers may not see the player's controls well: below the WCAG AA contrast (${minimum} for icons and text).`;
}

function problemText({ pair, ratio: r, minimum: m, fix }: ContrastCheck) {
  const ratio = formatRatio(r);
  const minimum = formatRatio(m);
  return t`${pair}: ${ratio}, at least ${minimum} needed. Try ${fix}.`;
}

/**
 * Under the colour pickers: which of the owner's colours viewers may not tell apart, with the
 * contrast ratio and the WCAG AA minimum (4.5:1 for the white icons and time, 3:1 for the sliders).
 * Nothing when every pair passes; the warning is an alert, so a colour that causes one is announced.
 * The spec's own default colours get a quiet note instead: every new video has them, the owner chose
 * nothing wrong, and the spec keeps them (docs/decisions.md, "Default player colours and contrast").
 */
export function ContrastWarning({ scheme }: { scheme: Pick<ColorScheme, 'playerPlayButton' | 'playerControlBar'> }) {
  const problems = contrastProblems(scheme);
  if (problems.length > 0 && isSpecDefaultScheme(scheme)) {
    const minimum = formatRatio(AA_TEXT);
    return (
      <div data-testid="contrast-warning">
        <Typography.Text type="secondary" data-testid="contrast-default-note">
          {t`These are Reelbase's standard player colours, kept as they are. Their white icons are lighter than the WCAG AA contrast (${minimum}); for viewers who need more contrast, choose a darker control bar and play button.`}
        </Typography.Text>
      </div>
    );
  }
  return (
    <div data-testid="contrast-warning">
      {problems.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={warningTitle()}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {problems.map((p) => (
                <li key={p.pair}>
                  {problemText(p)}
                </li>
              ))}
            </ul>
          }
        />
      )}
    </div>
  );
}
