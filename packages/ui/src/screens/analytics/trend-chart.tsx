import { t } from '@lingui/core/macro';
import type { TrendDay } from '@reelbase/api-client';
import type { ApexOptions } from 'apexcharts';
import type { ComponentType } from 'react';
// The core build with the line chart and its legend, in this lazily loaded module.
import 'apexcharts/line';
import 'apexcharts/features/legend';
import * as apexChartModule from 'react-apexcharts/core';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { DataTable } from './data-table.tsx';

const Chart = (apexChartModule as unknown as { default: ComponentType<{ type: 'line'; height: number; options: ApexOptions; series: ApexOptions['series'] }> }).default;

/**
 * The account trend (issue 33): plays, minutes watched and unique viewers per day, minutes on an
 * axis of their own (they run to other heights than counts). Loaded with its own chunk.
 */
export default function TrendChart({ days, colors }: { days: TrendDay[]; colors: [string, string, string] }) {
  const minutes = (v: number) => formatNumber(Math.round(v * 10) / 10);
  const names = { plays: t`Plays`, minutes: t`Minutes watched`, viewers: t`Unique viewers` };
  const options: ApexOptions = {
    chart: { id: 'account-trend', toolbar: { show: false }, zoom: { enabled: false }, animations: { enabled: false }, fontFamily: 'inherit' },
    colors,
    dataLabels: { enabled: false },
    stroke: { curve: 'straight', width: 2 },
    markers: { size: days.length <= 31 ? 3 : 0 },
    legend: { show: true, position: 'top' },
    xaxis: { categories: days.map((d) => formatDate(d.day)), tickAmount: Math.min(10, days.length) },
    yaxis: [
      { seriesName: [names.plays, names.viewers], min: 0, forceNiceScale: true, labels: { formatter: (v) => formatNumber(Math.round(v)) }, title: { text: t`Plays and viewers` } },
      { seriesName: names.minutes, opposite: true, min: 0, forceNiceScale: true, labels: { formatter: minutes }, title: { text: names.minutes } },
      { seriesName: [names.plays, names.viewers], show: false, min: 0 },
    ],
  };
  return (
    <>
      <Chart
        type="line"
        height={300}
        options={options}
        series={[
          { name: names.plays, data: days.map((d) => d.plays) },
          { name: names.minutes, data: days.map((d) => Math.round(d.minutesWatched * 10) / 10) },
          { name: names.viewers, data: days.map((d) => d.uniqueViewers) },
        ]}
      />
      <DataTable
        caption={t`Plays, minutes watched and unique viewers per day`}
        head={[t`Day`, names.plays, names.minutes, names.viewers]}
        rows={days.map((d) => [formatDate(d.day), String(d.plays), minutes(d.minutesWatched), String(d.uniqueViewers)])}
      />
    </>
  );
}
