import { t } from '@lingui/core/macro';
import type { StatisticsTotals } from '@reelbase/api-client';
import { Card, Col, Row, Statistic } from 'antd';
import { formatNumber, formatWatchTime } from '../../lib/format.ts';

/** Plays, unique viewers, watch time and average percentage watched, as four cards. */
export function TotalsRow({ totals }: { totals: StatisticsTotals }) {
  const items = [
    { id: 'plays', title: t`Plays`, value: formatNumber(totals.plays) },
    { id: 'unique-viewers', title: t`Unique viewers`, value: formatNumber(totals.uniqueViewers) },
    { id: 'watch-time', title: t`Watch time`, value: formatWatchTime(totals.watchTimeSec) },
    { id: 'average-watched', title: t`Average percentage watched`, value: `${formatNumber(Math.round(totals.averagePercentWatched))} %` },
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
