/**
 * One progress hook for every long call of the React pages: it polls a
 * job until it ends and tells the page its percent, its phase, and how it
 * ended. Hosha2 answers {status, progress_percent (0..1), progress[]}.
 */

import { useState, useEffect, useRef } from '@wordpress/element';

import { call, describe } from './api';
import { POLL_MS } from './config';

const DONE = [ 'done', 'succeeded', 'completed', 'success' ];
const CANCELLED = [ 'cancelled', 'canceled' ];
const FAILED = [ 'failed', 'error' ];

/**
 * useProgress( path ): while path is set, polls it every POLL_MS and
 * returns { percent, phase, status: 'running'|'done'|'cancelled'|'failed', result, error }.
 */
export function useProgress( path ) {
	const [ state, setState ] = useState( { percent: 0, phase: '', status: path ? 'running' : '', result: null, error: '' } );
	const timer = useRef( 0 );
	useEffect(
		function () {
			let live = true;
			if ( ! path ) {
				return undefined;
			}
			setState( { percent: 0, phase: '', status: 'running', result: null, error: '' } );
			function poll() {
				call( { path } ).then( function ( r ) {
					if ( ! live ) {
						return;
					}
					if ( ! r.ok ) {
						const d = describe( r );
						if ( d.retry && 499 !== r.status ) {
							timer.current = window.setTimeout( poll, POLL_MS * 3 );
							return;
						}
						setState( { percent: 0, phase: '', status: 499 === r.status ? 'cancelled' : 'failed', result: null, error: d.text } );
						return;
					}
					const p = r.body || {};
					const status = String( p.status || '' );
					const phases = Array.isArray( p.progress ) ? p.progress : [];
					const last = phases.length ? phases[ phases.length - 1 ] : '';
					const phase = 'string' === typeof last ? last : ( last && ( last.phase || last.name ) ) || '';
					const percent = Math.round( ( Number( p.progress_percent ) || 0 ) * 100 );
					if ( DONE.indexOf( status ) >= 0 ) {
						setState( { percent: 100, phase, status: 'done', result: p.result || p, error: '' } );
						return;
					}
					if ( CANCELLED.indexOf( status ) >= 0 || FAILED.indexOf( status ) >= 0 ) {
						const err = p.error && 'object' === typeof p.error ? p.error.message || p.error.message_en || '' : String( p.error || '' );
						setState( { percent, phase, status: CANCELLED.indexOf( status ) >= 0 ? 'cancelled' : 'failed', result: null, error: err } );
						return;
					}
					setState( { percent, phase, status: 'running', result: null, error: '' } );
					timer.current = window.setTimeout( poll, POLL_MS );
				} );
			}
			poll();
			return function () {
				live = false;
				window.clearTimeout( timer.current );
			};
		},
		[ path ]
	);
	return state;
}
