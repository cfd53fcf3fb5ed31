/**
 * A form's changes between two snapshots as DOM nodes, for the builder
 * (the Versions tab is a React page of its own: pages/form-versions.js).
 */

import { bdi } from './dom';
import { changeLines } from './version-changes';

/** Field-by-field comparison of two snapshots: lines of {kind, parts} with parts as nodes or text. */
export function describeChanges( before, after, patch ) {
	return changeLines( before, after, patch ).map( ( line ) => ( {
		kind: line.kind,
		parts: line.parts.map( ( p ) => ( 'string' === typeof p ? p : bdi( p.bdi ) ) ),
	} ) );
}

/**
 * The versions list is on the form's Versions tab, a page of its own that
 * reads the list when it opens: a page that changed a form has none to
 * refresh.
 */
export function loadVersions() {
	return Promise.resolve();
}
