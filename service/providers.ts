/** The data providers the tools receive in their context, built once from the settings. */
import { createOpenMeteoElevation } from '../engine/index.ts';
import type { ToolContext } from '../engine/index.ts';
import type { Settings } from './settings.ts';

export function providersFrom(settings: Settings): Omit<ToolContext, 'now'> {
  return { elevation: createOpenMeteoElevation(settings.elevationProviderUrl) };
}
