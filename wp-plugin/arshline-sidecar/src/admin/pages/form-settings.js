/**
 * A form's Settings tab: welcome and thank-you texts, close date, answer
 * limit, notification mails, notifications by text or mail (when the
 * service's document schema has them), webhooks tested, with the site's
 * signing secret shown and rotated. Saved as one new version of the document.
 */

import { createElement as h, Fragment, useEffect, useState } from '@wordpress/element';
import { Button, Notice, SelectControl, Spinner, TextControl, TextareaControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import { call, describe } from '../api';
import { CloseAt } from '../close-at';
import { canManageOptions, formId } from '../config';
import { num } from '../i18n';
import { mount, unknownMethod } from '../mount';
import { ready } from './ready';

/** The settings keys the service's document schema allows. */
function settingsKeys( schema ) {
	const defs = ( schema && ( schema.$defs || schema.definitions ) ) || {};
	return Object.keys( ( defs.settings && defs.settings.properties ) || {} );
}

function Secret() {
	const [ secret, setSecret ] = useState( '' );
	const [ shown, setShown ] = useState( false );
	const [ note, setNote ] = useState( null );
	const [ busy, setBusy ] = useState( false );
	function read( rotate ) {
		setBusy( true );
		call( rotate ? { path: '/arshline/v1/webhooks/secret/rotate', method: 'POST' } : { path: '/arshline/v1/webhooks/secret' } ).then( function ( r ) {
			setBusy( false );
			if ( ! r.ok ) {
				setNote( { status: 'error', text: describe( r ).text } );
				return;
			}
			setSecret( r.body.secret || '' );
			setShown( true );
			setNote( rotate ? { status: 'success', text: __( 'A new secret signs every delivery from now on. Give it to your receivers.', 'arshline-sidecar' ) } : null );
		} );
	}
	return h(
		'div',
		{ className: 'arsh-block', id: 'arsh-webhook-secret' },
		h( 'h3', null, __( 'Signing secret', 'arshline-sidecar' ) ),
		h( 'p', { className: 'description' }, __( 'Each delivery is signed with this site\'s secret (the X-Arshline-Signature header); a receiver checks it before trusting the body.', 'arshline-sidecar' ) ),
		note ? h( Notice, { status: note.status, isDismissible: false }, note.text ) : null,
		shown ? h( 'p', null, h( 'code', { dir: 'ltr', id: 'arsh-webhook-secret-value' }, secret ) ) : null,
		h(
			'p',
			null,
			h( Button, { variant: 'secondary', onClick: () => ( shown ? setShown( false ) : read( false ) ), disabled: busy, id: 'arsh-webhook-secret-show' }, shown ? __( 'Hide the secret', 'arshline-sidecar' ) : __( 'Show the secret', 'arshline-sidecar' ) ),
			' ',
			h(
				Button,
				{
					variant: 'secondary',
					isDestructive: true,
					disabled: busy,
					id: 'arsh-webhook-secret-rotate',
					onClick: () => {
						if ( window.confirm( __( 'Make a new secret? Receivers that check the old one will refuse deliveries until they are given the new one.', 'arshline-sidecar' ) ) ) {
							read( true );
						}
					},
				},
				__( 'Make a new secret', 'arshline-sidecar' )
			)
		)
	);
}

/**
 * Sends a signed test delivery to each saved webhook address, through the
 * service's outbox (the address checks, signature and retries of an
 * answer's delivery), and lists the deliveries queued: each id is the
 * X-Arshline-Delivery header the receiver gets.
 */
function WebhookTest( { saved, changed } ) {
	const [ note, setNote ] = useState( null );
	const [ busy, setBusy ] = useState( false );
	const [ testable, setTestable ] = useState( true );
	if ( ! testable || ! saved ) {
		return null;
	}
	function test() {
		setBusy( true );
		setNote( null );
		call( { path: '/arshline/v1/forms/' + formId + '/webhooks/test', method: 'POST' } ).then( function ( r ) {
			setBusy( false );
			if ( unknownMethod( r ) ) {
				setTestable( false );
				return;
			}
			if ( ! r.ok ) {
				setNote( { status: 'error', text: describe( r ).text } );
				return;
			}
			const list = ( r.body && r.body.deliveries ) || [];
			setNote( {
				status: 'success',
				/* translators: %s: how many addresses. */
				text: sprintf( __( 'A test delivery was queued to %s saved addresses; each is sent at once and retried if its receiver fails.', 'arshline-sidecar' ), num( list.length ) ),
				/* translators: 1: delivery id, 2: address. */
				list: list.map( ( d ) => sprintf( __( 'Delivery %1$s: %2$s', 'arshline-sidecar' ), d.id, d.url ) ),
			} );
		} );
	}
	return h(
		'div',
		{ className: 'arsh-webhook-test' },
		changed ? h( 'p', { className: 'description' }, __( 'The test goes to the saved addresses: save the settings first to test your changes.', 'arshline-sidecar' ) ) : null,
		h( Button, { variant: 'secondary', onClick: test, isBusy: busy, disabled: busy, id: 'arsh-webhook-test' }, __( 'Send a test', 'arshline-sidecar' ) ),
		note
			? h(
					Notice,
					{ status: note.status, isDismissible: false, className: 'arsh-webhook-test-outcome' },
					note.text,
					note.list && note.list.length ? h( 'ul', null, note.list.map( ( t, i ) => h( 'li', { key: i }, h( 'bdi', { dir: 'ltr' }, t ) ) ) ) : null
			  )
			: null
	);
}

function Notifications( { items, onChange, fields } ) {
	const [ notes, setNotes ] = useState( {} );
	const [ testable, setTestable ] = useState( true );
	const [ testTo, setTestTo ] = useState( {} );
	function set( i, patch ) {
		const next = items.slice();
		next[ i ] = Object.assign( {}, next[ i ], patch );
		onChange( next );
	}
	function test( i ) {
		const data = testTo[ i ] ? { to: testTo[ i ] } : {};
		call( { path: '/arshline/v1/forms/' + formId + '/notifications/' + i + '/test', method: 'POST', data } ).then( function ( r ) {
			if ( unknownMethod( r ) ) {
				setTestable( false );
				return;
			}
			setNotes( Object.assign( {}, notes, { [ i ]: r.ok ? { status: 'success', text: __( 'The test was sent.', 'arshline-sidecar' ) } : { status: 'error', text: describe( r ).text } } ) );
		} );
	}
	// The questions a notification can go to: a mobile question (format
	// mobile_ir) for a text, an email question for a mail, as the daemon
	// checks them.
	const isMobile = ( f ) => 'text' === f.type && 'mobile_ir' === f.format;
	const isEmail = ( f ) => 'email' === f.type || ( 'text' === f.type && 'email' === f.format );
	const fieldTargets = ( channel ) =>
		fields
			.filter( ( f ) => ( 'sms' === channel ? isMobile( f ) : isEmail( f ) ) )
			.map( ( f ) => ( { value: 'field:' + f.id, label: sprintf( __( 'The answer to «%s»', 'arshline-sidecar' ), f.label || f.id ) } ) );
	return h(
		'div',
		{ className: 'arsh-block', id: 'arsh-notifications' },
		h( 'h3', null, __( 'Notifications', 'arshline-sidecar' ) ),
		items.map( function ( n, i ) {
			const kind = 'admin' === n.to ? 'admin' : /^field:/.test( n.to || '' ) ? n.to : 'other';
			const pattern = n.pattern || null;
			return h(
				'fieldset',
				{ key: i, className: 'arsh-notification' },
				h( 'legend', null, sprintf( __( 'Notification %s', 'arshline-sidecar' ), num( i + 1 ) ) ),
				h( SelectControl, {
					label: __( 'Send by', 'arshline-sidecar' ),
					value: n.channel,
					options: [
						{ value: 'sms', label: __( 'Text message', 'arshline-sidecar' ) },
						{ value: 'email', label: __( 'Email', 'arshline-sidecar' ) },
					],
					onChange: ( v ) => set( i, { channel: v } ),
				} ),
				h( SelectControl, {
					label: __( 'To', 'arshline-sidecar' ),
					value: kind,
					options: [ { value: 'admin', label: __( 'The site\'s administrator', 'arshline-sidecar' ) } ].concat( fieldTargets( n.channel ), [ { value: 'other', label: __( 'A number or address I write', 'arshline-sidecar' ) } ] ),
					onChange: ( v ) => set( i, { to: 'other' === v ? '' : v } ),
				} ),
				'other' === kind ? h( TextControl, { label: 'sms' === n.channel ? __( 'Mobile number', 'arshline-sidecar' ) : __( 'Email address', 'arshline-sidecar' ), value: n.to || '', dir: 'ltr', onChange: ( v ) => set( i, { to: v } ) } ) : null,
				'sms' === n.channel
					? h( SelectControl, {
							label: __( 'Text', 'arshline-sidecar' ),
							value: pattern ? 'pattern' : 'template',
							options: [
								{ value: 'template', label: __( 'My own words', 'arshline-sidecar' ) },
								{ value: 'pattern', label: __( 'A pattern approved by the provider', 'arshline-sidecar' ) },
							],
							onChange: ( v ) => set( i, 'pattern' === v ? { pattern: { code: '', params: {} }, template: undefined } : { pattern: undefined } ),
					  } )
					: null,
				pattern
					? h(
							Fragment,
							null,
							h( TextControl, { label: __( 'Pattern code', 'arshline-sidecar' ), value: pattern.code || '', dir: 'ltr', onChange: ( v ) => set( i, { pattern: Object.assign( {}, pattern, { code: v } ) } ) } ),
							h( TextareaControl, {
								label: __( 'Pattern parameters, one a line: name={{field id}}', 'arshline-sidecar' ),
								dir: 'ltr',
								value: Object.keys( pattern.params || {} ).map( ( k ) => k + '=' + pattern.params[ k ] ).join( '\n' ),
								onChange: ( v ) => {
									const params = {};
									v.split( '\n' ).forEach( ( line ) => {
										const at = line.indexOf( '=' );
										if ( at > 0 ) {
											params[ line.slice( 0, at ).trim() ] = line.slice( at + 1 ).trim();
										}
									} );
									set( i, { pattern: Object.assign( {}, pattern, { params } ) } );
								},
							} )
					  )
					: h( TextareaControl, {
							label: __( 'Message; {{field id}} is replaced by that answer', 'arshline-sidecar' ),
							value: n.template || '',
							onChange: ( v ) => set( i, { template: v } ),
					  } ),
				'admin' !== kind && 'other' !== kind && testable
					? h( TextControl, {
							label: 'sms' === n.channel ? __( 'Mobile number the test goes to', 'arshline-sidecar' ) : __( 'Address the test goes to', 'arshline-sidecar' ),
							value: testTo[ i ] || '',
							dir: 'ltr',
							onChange: ( v ) => setTestTo( Object.assign( {}, testTo, { [ i ]: v } ) ),
					  } )
					: null,
				notes[ i ] ? h( Notice, { status: notes[ i ].status, isDismissible: false }, notes[ i ].text ) : null,
				h(
					'p',
					null,
					testable ? h( Button, { variant: 'secondary', onClick: () => test( i ) }, __( 'Send a test (as saved)', 'arshline-sidecar' ) ) : null,
					' ',
					h( Button, { variant: 'link', isDestructive: true, onClick: () => onChange( items.filter( ( x, j ) => j !== i ) ) }, __( 'Remove', 'arshline-sidecar' ) )
				)
			);
		} ),
		h( Button, { variant: 'secondary', onClick: () => onChange( items.concat( [ { channel: 'sms', to: 'admin', template: '' } ] ) ) }, __( 'Add a notification', 'arshline-sidecar' ) )
	);
}

function Settings() {
	const [ form, setForm ] = useState( null );
	const [ keys, setKeys ] = useState( [] );
	const [ s, setS ] = useState( {} );
	const [ note, setNote ] = useState( null );
	const [ busy, setBusy ] = useState( false );
	const [ closeBad, setCloseBad ] = useState( false );

	function load() {
		Promise.all( [ call( { path: '/arshline/v1/forms/' + formId } ), call( { path: '/arshline/v1/forms/schema' } ) ] ).then( function ( all ) {
			const r = all[ 0 ];
			if ( ! r.ok ) {
				setNote( { status: 'error', text: describe( r ).text } );
				return;
			}
			const f = r.body.form || r.body;
			setForm( f );
			setS( Object.assign( {}, ( f.document && f.document.settings ) || {} ) );
			setKeys( all[ 1 ].ok ? settingsKeys( all[ 1 ].body ) : [] );
		} );
	}
	useEffect( load, [] );

	if ( ! form ) {
		return note ? h( Notice, { status: note.status, isDismissible: false }, note.text ) : h( Spinner );
	}
	const has = ( k ) => keys.indexOf( k ) >= 0;
	const set = ( patch ) => setS( Object.assign( {}, s, patch ) );
	const webhooks = Array.isArray( s.webhooks ) ? s.webhooks : [];
	const savedSettings = ( form.document && form.document.settings ) || {};
	const savedWebhooks = Array.isArray( savedSettings.webhooks ) ? savedSettings.webhooks : [];
	const fields = ( form.document && form.document.fields ) || [];

	function save( event ) {
		event.preventDefault();
		if ( closeBad ) {
			setNote( { status: 'error', text: __( 'The close date does not read: correct it or clear it, then save.', 'arshline-sidecar' ) } );
			return;
		}
		const settings = {};
		Object.keys( s ).forEach( function ( k ) {
			if ( has( k ) && undefined !== s[ k ] ) {
				settings[ k ] = s[ k ];
			}
		} );
		if ( settings.webhooks ) {
			settings.webhooks = settings.webhooks.filter( ( w ) => w.url && w.url.trim() ).map( ( w ) => ( { url: w.url.trim() } ) );
		}
		if ( settings.notify_emails ) {
			settings.notify_emails = settings.notify_emails.filter( Boolean );
		}
		const doc = Object.assign( {}, form.document, { settings } );
		setBusy( true );
		call( { path: '/arshline/v1/forms/' + formId + '/document', method: 'POST', data: { document: doc, expected_version_id: form.head_version_id } } ).then( function ( r ) {
			setBusy( false );
			if ( ! r.ok ) {
				const d = describe( r );
				setNote( { status: 'error', text: d.text, list: ( d.violations || [] ).map( ( v ) => ( v.path || '' ) + ': ' + ( v.message || v.rule || '' ) ) } );
				return;
			}
			setNote( { status: 'success', text: __( 'The settings were saved as a new version.', 'arshline-sidecar' ) } );
			load();
		} );
	}

	return h(
		'form',
		{ onSubmit: save, noValidate: true, id: 'arsh-form-settings' },
		h( 'h2', null, __( 'Settings of the form', 'arshline-sidecar' ) ),
		note
			? h(
					Notice,
					{ status: note.status, isDismissible: false },
					note.text,
					note.list && note.list.length ? h( 'ul', null, note.list.map( ( t, i ) => h( 'li', { key: i }, h( 'bdi', null, t ) ) ) ) : null
			  )
			: null,
		has( 'welcome' ) ? h( TextareaControl, { label: __( 'Welcome text, above the questions', 'arshline-sidecar' ), value: s.welcome || '', maxLength: 2000, onChange: ( v ) => set( { welcome: v || null } ), className: 'arsh-set-welcome' } ) : null,
		has( 'thank_you' ) ? h( TextareaControl, { label: __( 'Thank-you text, after an answer is sent', 'arshline-sidecar' ), value: s.thank_you || '', maxLength: 2000, onChange: ( v ) => set( { thank_you: v || null } ), className: 'arsh-set-thanks' } ) : null,
		has( 'close_at' )
			? h( CloseAt, {
					key: form.head_version_id,
					value: s.close_at || null,
					onChange: ( v, complete ) => {
						set( { close_at: v } );
						setCloseBad( ! complete );
					},
			  } )
			: null,
		has( 'max_submissions' )
			? h( TextControl, { type: 'number', min: 1, label: __( 'Most answers to take (empty: no limit)', 'arshline-sidecar' ), value: s.max_submissions || '', onChange: ( v ) => set( { max_submissions: v ? Math.max( 1, parseInt( v, 10 ) || 1 ) : null } ), className: 'arsh-set-limit' } )
			: null,
		has( 'notify_emails' )
			? h( TextareaControl, {
					label: __( 'Email each new answer to (one address a line)', 'arshline-sidecar' ),
					dir: 'ltr',
					value: ( s.notify_emails || [] ).join( '\n' ),
					onChange: ( v ) => set( { notify_emails: v.split( '\n' ).map( ( x ) => x.trim() ).filter( ( x, i, all ) => x || i < all.length - 1 ) } ),
					className: 'arsh-set-emails',
			  } )
			: null,
		has( 'notifications' ) ? h( Notifications, { items: Array.isArray( s.notifications ) ? s.notifications : [], onChange: ( v ) => set( { notifications: v } ), fields } ) : null,
		has( 'webhooks' )
			? h(
					'div',
					{ className: 'arsh-block', id: 'arsh-webhooks' },
					h( 'h3', null, __( 'Webhooks', 'arshline-sidecar' ) ),
					h( 'p', { className: 'description' }, __( 'Each new answer is sent as JSON to these addresses (https, at most five).', 'arshline-sidecar' ) ),
					webhooks.map( ( w, i ) =>
						h(
							'div',
							{ key: i, className: 'arsh-webhook' },
							h( TextControl, {
								label: sprintf( __( 'Address %s', 'arshline-sidecar' ), num( i + 1 ) ),
								dir: 'ltr',
								type: 'url',
								value: w.url || '',
								onChange: ( v ) => set( { webhooks: webhooks.map( ( x, j ) => ( j === i ? { url: v } : x ) ) } ),
								className: 'arsh-webhook-' + i,
							} ),
							h( Button, { variant: 'link', isDestructive: true, onClick: () => set( { webhooks: webhooks.filter( ( x, j ) => j !== i ) } ) }, __( 'Remove', 'arshline-sidecar' ) )
						)
					),
					webhooks.length < 5 ? h( Button, { variant: 'secondary', onClick: () => set( { webhooks: webhooks.concat( [ { url: '' } ] ) }, ), id: 'arsh-webhook-add' }, __( 'Add an address', 'arshline-sidecar' ) ) : null,
					h( WebhookTest, { saved: savedWebhooks.length > 0, changed: JSON.stringify( savedWebhooks ) !== JSON.stringify( webhooks ) } ),
					canManageOptions ? h( Secret ) : null
			  )
			: null,
		h( 'p', null, h( Button, { variant: 'primary', type: 'submit', isBusy: busy, disabled: busy, id: 'arsh-set-save' }, __( 'Save the settings', 'arshline-sidecar' ) ) )
	);
}

ready( function () {
	mount( 'arsh-form-settings-root', Settings );
} );
