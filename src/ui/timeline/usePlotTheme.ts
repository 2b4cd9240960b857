/**
 * The Plotly figures' theme for a panel (plotTheme.ts): the current one, and a new one when the system's colour
 * scheme changes, so the panel's figure is made again and drawn without a reload.
 */
import { useEffect, useState } from 'react';
import { onSchemeChange } from '../graph/theme';
import { readPlotTheme, type PlotTheme } from './plotTheme';

export function usePlotTheme(): PlotTheme {
  const [theme, setTheme] = useState(readPlotTheme);
  useEffect(() => onSchemeChange(() => setTheme(readPlotTheme())), []);
  return theme;
}
