/**
 * The arshline-sidecar/admin data store (@wordpress/data): the state the
 * React pages share (store-reducer.js), and the calls that fill it — the
 * forms list, loaded once and again after anything changes it, and each
 * form's answer count, asked for once per page view.
 */

import { createReduxStore, register, dispatch, select } from '@wordpress/data';

import { call } from './api';
import { STORE_NAME, actions, reducer, selectors } from './store-reducer';

export const store = createReduxStore( STORE_NAME, {
	reducer,
	actions,
	selectors,
} );
register( store );

let issued = 0;
let applied = 0;

/**
 * Loads the site's forms (the service lists at most 200) into the store;
 * resolves to the failed call's answer, or null. A list older than the
 * one the store holds is dropped: once a call resolves, the store's list
 * is at least as new as that call's.
 */
export function loadForms() {
	const mine = ++issued;
	return call( { path: '/arshline/v1/forms?limit=200' } ).then(
		function ( r ) {
			if ( ! r.ok ) {
				return r;
			}
			if ( mine > applied ) {
				applied = mine;
				dispatch( store ).receiveForms(
					Array.isArray( r.body ) ? r.body : r.body.forms || []
				);
			}
			return null;
		}
	);
}

const asked = {};

/** Asks for {count, last_answer_at} of form id, unless it was asked for already (or fresh). */
export function loadAnswers( id, fresh ) {
	if ( asked[ id ] && ! fresh ) {
		return asked[ id ];
	}
	asked[ id ] = call( {
		path:
			'/arshline/v1/forms/' + encodeURIComponent( id ) + '/answers-info',
	} ).then( function ( r ) {
		if ( ! r.ok ) {
			// Asked again when the row comes into view again.
			delete asked[ id ];
		}
		dispatch( store ).receiveAnswers( id, r.ok ? r.body : null );
	} );
	return asked[ id ];
}

/** Asks for the answers of every listed form not known yet, four at a time (an order by answers needs them all). */
export function loadAllAnswers() {
	const queue = select( store )
		.getForms()
		.map( ( f ) => f.id )
		.filter( ( id ) => ! asked[ id ] );
	function next() {
		const id = queue.shift();
		return undefined === id
			? Promise.resolve()
			: loadAnswers( id ).then( next );
	}
	return Promise.all( [ next(), next(), next(), next() ] );
}

/**
 * Runs an arshline-plan/v2 plan (ai.execute, confirmed); resolves to the
 * call's answer. The forms list is loaded again when it ran.
 */
export function executePlan( plan ) {
	return call( {
		path: '/arshline/v1/ai/execute',
		method: 'POST',
		data: { plan, confirm: true },
	} ).then( function ( r ) {
		if ( r.ok ) {
			loadForms();
		}
		return r;
	} );
}

/** Takes back the steps of tokens (ai.undo); resolves to the call's answer; the list is loaded again when it worked. */
export function undoTokens( tokens ) {
	const data =
		1 === tokens.length
			? { token: tokens[ 0 ] }
			: { tokens: tokens.slice() };
	return call( { path: '/arshline/v1/ai/undo', method: 'POST', data } ).then(
		function ( r ) {
			if ( r.ok ) {
				loadForms();
			}
			return r;
		}
	);
}
