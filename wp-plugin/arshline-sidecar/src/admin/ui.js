/**
 * Small parts the React pages share: a failed call's notice (its
 * violations, and a retry button when trying again can help, held back
 * for the Retry-After the site asked), a call's outcome as a notice, and
 * text fields labelled through BaseControl (so a field keeps the id the
 * page gives it, on every WordPress this plugin supports), and a block
 * whose heading takes the focus when it shows something new.
 */

import {
	createElement as h,
	forwardRef,
	useEffect,
	useRef,
	useState,
} from '@wordpress/element';
import { BaseControl, Button, Notice } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { describe } from './api';

/** A "Try again" button, disabled for the first `after` seconds. */
function RetryButton( { after, onClick } ) {
	const [ wait, setWait ] = useState( after > 0 );
	useEffect(
		function () {
			if ( ! ( after > 0 ) ) {
				return undefined;
			}
			setWait( true );
			const t = window.setTimeout( () => setWait( false ), after * 1000 );
			return () => window.clearTimeout( t );
		},
		[ after ]
	);
	return h(
		Button,
		{
			variant: 'secondary',
			className: 'arsh-retry',
			disabled: wait,
			onClick,
		},
		__( 'Try again', 'arshline-sidecar' )
	);
}

/**
 * The notice of a failed call r ({ok, status, body}); retry, when given,
 * is offered where trying again can help.
 */
export function ErrorNotice( { r, retry } ) {
	const d = describe( r );
	return h(
		Notice,
		// The spoken message is the text alone: Notice would otherwise
		// serialise its children, calling the retry button's hooks as its own.
		{ status: 'error', isDismissible: false, spokenMessage: d.text },
		h( 'p', null, d.text ),
		d.violations && d.violations.length
			? h(
					'ul',
					{ className: 'arsh-violations' },
					d.violations.map( ( v, i ) =>
						h(
							'li',
							{ key: i },
							h(
								'bdi',
								null,
								String(
									v.message || v.rule || JSON.stringify( v )
								)
							)
						)
					)
				)
			: null,
		d.retry && retry
			? h(
					'p',
					null,
					h( RetryButton, { after: d.retryAfter, onClick: retry } )
				)
			: null
	);
}

/**
 * What a page says after a call: null, {status, text, extra?} or
 * {error: r, retry?}. extra is shown after the text (an Undo button).
 */
export function Outcome( { note } ) {
	if ( ! note ) {
		return null;
	}
	if ( note.error ) {
		return h( ErrorNotice, { r: note.error, retry: note.retry } );
	}
	return h(
		Notice,
		{
			status: note.status || 'info',
			isDismissible: false,
			spokenMessage: note.text,
		},
		h( 'p', null, note.text, note.extra ? ' ' : null, note.extra || null )
	);
}

/** A labelled multi-line field; props beyond id, label, help, value and onChange go to the textarea. */
export const TextArea = forwardRef( function TextAreaField(
	{ id, label, help, value, onChange, ...rest },
	ref
) {
	return h(
		BaseControl,
		{ id, label, help, className: 'arsh-field-control' },
		h( 'textarea', {
			...rest,
			id,
			ref,
			className: 'components-textarea-control__input large-text',
			value,
			'aria-describedby': help ? id + '__help' : undefined,
			onChange: ( e ) => onChange( e.target.value ),
		} )
	);
} );

/** A labelled one-line field (type text or search). */
export function TextInput( {
	id,
	label,
	help,
	value,
	onChange,
	type,
	...rest
} ) {
	return h(
		BaseControl,
		{ id, label, help, className: 'arsh-field-control' },
		h( 'input', {
			...rest,
			id,
			type: type || 'text',
			className: 'components-text-control__input',
			value,
			'aria-describedby': help ? id + '__help' : undefined,
			onChange: ( e ) => onChange( e.target.value ),
		} )
	);
}

/**
 * A block whose heading takes the focus whenever `shown` changes, so that
 * a keyboard or screen-reader user lands on what just appeared (a plan's
 * preview, what it did, a generated form). The heading's id is the
 * block's id with `-title`.
 */
export function FocusedBlock( { id, title, shown, children } ) {
	const heading = useRef();
	useEffect( () => heading.current && heading.current.focus(), [ shown ] );
	return h(
		'div',
		{ id, className: 'arsh-block' },
		h( 'h3', { id: id + '-title', tabIndex: -1, ref: heading }, title ),
		children
	);
}
