import { t } from '@lingui/core/macro';
import type { StatisticsTotals } from '@reelbase/api-client';
import { Card, Col, Row, Statistic } from 'antd';
import { formatWatchTime } from '../../lib/format.ts';
import { i18n } from '../../i18n/index.ts';

/** Plays, unique viewers, watch time and average percentage watched, as four cards. */
export function TotalsRow({ totals }: { totals: StatisticsTotals }) {
  const items = [
    { id: 'plays', title: t`Plays`, value: i18n.number(totals.plays) },
    { id: 'unique-viewers', title: t`Unique viewers`, value: i18n.number(totals.uniqueViewers) },
    { id: 'watch-time', title: t`Watch time`, value: formatWatchTime(totals.watchTimeSec) },
    { id: 'average-watched', title: t`Average percentage watched`, value: `${i18n.number(Math.round(totals.averagePercentWatched))} %` },
  ];
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {items.map((i) => (
        <Col key={i.id} xs={12} lg={6}>
          <Card data-testid={`total-${i.id}`}>
            <Statistic title={i.title} value={i.value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
