/**
 * What a React page says after a call: a notice of success, or of a
 * failure with the rules it broke and a "Try again" button when trying
 * again can help (held back while the site asks to wait).
 */

import { createElement as h, useEffect, useState } from '@wordpress/element';
import { Button, Notice } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { describe } from './api';
import { isFa } from './config';

/** The notice of a failed call: its text, the rules it broke, whether to offer a retry. */
export function failure( r ) {
	const d = describe( r );
	return {
		status: 'error',
		text: d.text,
		violations: ( d.violations || [] ).map( ( v ) => ( v.path ? v.path + ': ' : '' ) + ( ( isFa ? v.message_fa : v.message_en ) || v.message || v.rule || '' ) ),
		retry: d.retry,
		retryAfter: d.retryAfter || 0,
	};
}

/** A notice; onRetry is offered when the notice says a retry can help. */
export function CallNotice( { notice, onRetry } ) {
	const [ waiting, setWaiting ] = useState( false );
	const after = notice && notice.retry ? notice.retryAfter : 0;
	useEffect(
		function () {
			if ( ! after ) {
				setWaiting( false );
				return undefined;
			}
			setWaiting( true );
			const timer = window.setTimeout( () => setWaiting( false ), after * 1000 );
			return () => window.clearTimeout( timer );
		},
		[ notice, after ]
	);
	if ( ! notice || ! notice.text ) {
		return null;
	}
	const violations = notice.violations || [];
	return h(
		Notice,
		{ status: notice.status, isDismissible: false },
		h( 'p', null, notice.text ),
		violations.length ? h( 'ul', { className: 'arsh-violations' }, violations.map( ( t, i ) => h( 'li', { key: i }, h( 'bdi', null, t ) ) ) ) : null,
		notice.retry && onRetry ? h( 'p', null, h( Button, { variant: 'secondary', className: 'arsh-retry', disabled: waiting, onClick: onRetry }, __( 'Try again', 'arshline-sidecar' ) ) ) : null
	);
}
