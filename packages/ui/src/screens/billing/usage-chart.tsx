import { t } from '@lingui/core/macro';
import type { ApexOptions } from 'apexcharts';
import type { ComponentType } from 'react';
// The core build with the bar chart only, in this lazily loaded module.
import 'apexcharts/bar';
import * as apexChartModule from 'react-apexcharts/core';
import { formatBytes } from '../../lib/billing.ts';
import { monthLabel } from './texts.ts';

// The package's typings declare the component inside a module block TypeScript reads as a namespace.
const Chart = (apexChartModule as unknown as { default: ComponentType<{ type: 'bar'; height: number; options: ApexOptions; series: ApexOptions['series'] }> }).default;

/** Bandwidth per month as bars, with the monthly limit as a line (loaded with its own chunk). */
export default function UsageChart({ months, limit, color }: { months: { month: string; bytes: number }[]; limit: number; color: string }) {
  const options: ApexOptions = {
    chart: { id: 'bandwidth-months', toolbar: { show: false }, zoom: { enabled: false }, animations: { enabled: false }, fontFamily: 'inherit' },
    colors: [color],
    plotOptions: { bar: { borderRadius: 3, columnWidth: '55%' } },
    dataLabels: { enabled: false },
    xaxis: { categories: months.map((m) => monthLabel(m.month)) },
    yaxis: { min: 0, labels: { formatter: (v) => formatBytes(v) } },
    tooltip: { y: { formatter: (v) => formatBytes(v) } },
    annotations: limit > 0 && months.some((m) => m.bytes > limit / 2) ? { yaxis: [{ y: limit, borderColor: '#d4380d', label: { text: t`Monthly limit` } }] } : undefined,
  };
  return <Chart type="bar" height={280} options={options} series={[{ name: t`Bandwidth`, data: months.map((m) => m.bytes) }]} />;
}
