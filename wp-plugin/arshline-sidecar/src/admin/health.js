/**
 * The plugin's version, and the line that says whether the arshlined
 * service runs (and its version): both at hand when asking for support.
 */

import {
	createElement as h,
	Fragment,
	useEffect,
	useState,
} from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import { call } from './api';
import { version } from './config';
import { ErrorNotice } from './ui';

/** Keeps a version whole (left to right) inside Persian text. */
function ltr( text ) {
	return '\u2066' + text + '\u2069';
}

export function Health() {
	const [ r, setR ] = useState( null );
	function load() {
		setR( null );
		call( { path: '/arshline/v1/health' } ).then( function ( answer ) {
			setR( answer );
		} );
	}
	useEffect( load, [] );
	let line = null;
	if ( r && r.ok ) {
		line = sprintf(
			/* translators: %s: the service's version. */ __(
				'The Arshline AI service is running (version %s).',
				'arshline-sidecar'
			),
			r.body.version || '?'
		);
		if ( ! r.body.llm_configured ) {
			line +=
				' ' +
				__(
					'No AI model is configured: commands use the built-in planner, and Hosha2 is unavailable.',
					'arshline-sidecar'
				);
		}
	}
	return h(
		Fragment,
		null,
		h(
			'p',
			{ id: 'arsh-plugin-version', className: 'arsh-plugin-version' },
			sprintf(
				/* translators: %s: the plugin's version number. */ __(
					'Arshline AI plugin, version %s.',
					'arshline-sidecar'
				),
				ltr( version )
			)
		),
		h(
			'div',
			{
				id: 'arsh-health',
				className: 'arsh-health' + ( r && r.ok ? ' arsh-ok' : '' ),
				role: 'status',
			},
			line,
			r && ! r.ok ? h( ErrorNotice, { r, retry: load } ) : null
		)
	);
}
