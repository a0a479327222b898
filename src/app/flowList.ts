import type { AnyFlowDefinition } from '../shared/flow';
import * as registered from './flowRegistry';

/**
 * The flow registry as a list: every definition src/app/flowRegistry.ts exports (one line per
 * flow there, nothing to add here).
 */
export const flowRegistry: readonly AnyFlowDefinition[] = Object.values(registered);
