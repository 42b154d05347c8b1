import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { RunsBar } from '../../stores/my-apps-store';
import { MY_APPS } from '../../texts/public-texts';

/** Runs per day as bars, and views beside them when the bars carry them (advanced analytics). */
export function RunsChart({ bars }: { bars: RunsBar[] }) {
  const withViews = bars.some((bar) => bar.views !== undefined);
  return (
    <div className="runs-chart" data-testid="runs-chart" role="img" aria-label={MY_APPS.chartTitle}>
      <ResponsiveContainer width="100%" height={260}>
        <BarChart data={bars} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e1e4e8" />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} interval="preserveStartEnd" minTickGap={12} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
          <Tooltip cursor={{ fill: 'rgba(45, 114, 210, 0.08)' }} />
          <Bar
            isAnimationActive={false}
            dataKey="runs"
            name={MY_APPS.runs}
            fill="#2d72d2"
            radius={[4, 4, 0, 0]}
            maxBarSize={36}
          />
          {withViews && (
            <Bar
              isAnimationActive={false}
              dataKey="views"
              name={MY_APPS.views}
              fill="#8f99a8"
              radius={[4, 4, 0, 0]}
              maxBarSize={36}
            />
          )}
          {withViews && <Legend verticalAlign="top" height={28} />}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
