import { observer } from 'mobx-react-lite';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useStores } from '../../stores-context';
import type { RunsBar } from '../../stores/my-apps-store';
import { MY_APPS } from '../../texts/public-texts';

/** The chart's colours in each theme (SVG attributes, so not the stylesheet's variables). */
export const CHART_COLORS = {
  light: {
    grid: '#e1e4e8',
    axis: '#5f6b7c',
    bar: '#2d72d2',
    cursor: 'rgba(45, 114, 210, 0.08)',
    tooltip: '#ffffff',
  },
  dark: {
    grid: '#383e47',
    axis: '#abb3bf',
    bar: '#4c90f0',
    cursor: 'rgba(76, 144, 240, 0.16)',
    tooltip: '#2f343c',
  },
} as const;

/** Runs per day as bars, and views beside them when the bars carry them (advanced analytics). */
export const RunsChart = observer(function RunsChart({ bars }: { bars: RunsBar[] }) {
  const colors = CHART_COLORS[useStores().theme.theme];
  const withViews = bars.some((bar) => bar.views !== undefined);
  const tick = { fontSize: 12, fill: colors.axis };
  return (
    <div className="runs-chart" data-testid="runs-chart" role="img" aria-label={MY_APPS.chartTitle}>
      <ResponsiveContainer width="100%" height={260}>
        <BarChart data={bars} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={colors.grid} />
          <XAxis
            dataKey="label"
            tick={tick}
            stroke={colors.grid}
            interval="preserveStartEnd"
            minTickGap={12}
          />
          <YAxis allowDecimals={false} tick={tick} stroke={colors.grid} />
          <Tooltip
            cursor={{ fill: colors.cursor }}
            contentStyle={{ background: colors.tooltip, borderColor: colors.grid }}
          />
          <Bar
            isAnimationActive={false}
            dataKey="runs"
            name={MY_APPS.runs}
            fill={colors.bar}
            radius={[4, 4, 0, 0]}
            maxBarSize={36}
          />
          {withViews && (
            <Bar
              isAnimationActive={false}
              dataKey="views"
              name={MY_APPS.views}
              fill={colors.axis}
              radius={[4, 4, 0, 0]}
              maxBarSize={36}
            />
          )}
          {withViews && <Legend verticalAlign="top" height={28} />}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
});
