/**
 * The Build tab's @wordpress/data store, 'arshline-sidecar/builder': the
 * form's document, its saved revision, whether it differs, the question
 * open, the save's status and the service's objections. The question
 * list, the question editor, the preview and the AI change box read and
 * change this one state; its reducer, actions and selectors are the pure
 * functions of builder-model.js.
 */

import { createReduxStore, register } from '@wordpress/data';

import { reducer, actions, selectors } from './builder-model';

export const STORE = 'arshline-sidecar/builder';

export const store = createReduxStore( STORE, { reducer, actions, selectors } );

register( store );
