/**
 * The Settings page's text message section: the site's SMS provider, its
 * key (never shown back), sending line and credit, and a test text.
 */

import { createElement as h, useEffect, useState } from '@wordpress/element';
import { Button, Notice, SelectControl, Spinner, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import { call, describe } from '../api';
import { num } from '../i18n';
import { mount, unknownMethod } from '../mount';
import { ready } from './ready';

const PROVIDERS = {
	kavenegar: 'Kavenegar',
	melipayamak: 'Melipayamak',
	ippanel: 'IPPanel (FarazSMS)',
	ghasedak: 'Ghasedak',
};

function failure( r ) {
	const d = describe( r );
	const data = ( r.body && r.body.data ) || {};
	return data.provider_message ? d.text + ' — ' + data.provider_message : d.text;
}

function Sms() {
	const [ cur, setCur ] = useState( null );
	const [ missing, setMissing ] = useState( false );
	const [ input, setInput ] = useState( { provider: 'kavenegar', api_key: '', sender: '', base_url: '' } );
	const [ to, setTo ] = useState( '' );
	const [ note, setNote ] = useState( null );
	const [ busy, setBusy ] = useState( false );

	function load( balance ) {
		call( { path: '/arshline/v1/sms/settings' + ( balance ? '?balance=1' : '' ) } ).then( function ( r ) {
			if ( unknownMethod( r ) ) {
				setMissing( true );
				return;
			}
			if ( ! r.ok ) {
				setNote( { status: 'error', text: failure( r ) } );
				setCur( {} );
				return;
			}
			setCur( r.body );
			setInput( { provider: r.body.provider || 'kavenegar', api_key: '', sender: r.body.sender || '', base_url: r.body.base_url || '' } );
			if ( balance && r.body.balance_error ) {
				setNote( { status: 'error', text: r.body.balance_error.message || __( 'The provider did not tell the credit.', 'arshline-sidecar' ) } );
			}
		} );
	}
	useEffect( () => load( false ), [] );

	if ( missing ) {
		return h( 'p', { className: 'description' }, __( 'This version of the arshlined service does not send text messages.', 'arshline-sidecar' ) );
	}
	if ( ! cur ) {
		return h( Spinner );
	}
	function save( event ) {
		event.preventDefault();
		const data = { provider: input.provider, sender: input.sender.trim() };
		if ( input.api_key ) {
			data.api_key = input.api_key;
		}
		if ( input.base_url.trim() ) {
			data.base_url = input.base_url.trim();
		}
		setBusy( true );
		call( { path: '/arshline/v1/sms/settings', method: 'POST', data } ).then( function ( r ) {
			setBusy( false );
			if ( ! r.ok ) {
				setNote( { status: 'error', text: failure( r ) } );
				return;
			}
			setCur( r.body );
			setInput( Object.assign( {}, input, { api_key: '' } ) );
			setNote( { status: 'success', text: __( 'The text message settings were saved.', 'arshline-sidecar' ) } );
		} );
	}
	function test() {
		setBusy( true );
		call( { path: '/arshline/v1/sms/test', method: 'POST', data: { to } } ).then( function ( r ) {
			setBusy( false );
			setNote( r.ok ? { status: 'success', text: sprintf( __( 'A test text was sent to %s.', 'arshline-sidecar' ), r.body.to || to ) } : { status: 'error', text: failure( r ) } );
		} );
	}
	const providers = ( cur.providers && cur.providers.length ? cur.providers : Object.keys( PROVIDERS ) ).map( ( p ) => ( { value: p, label: PROVIDERS[ p ] || p } ) );
	return h(
		'form',
		{ onSubmit: save, noValidate: true, id: 'arsh-sms-form' },
		h( 'p', { className: 'description' }, __( 'The provider sends the texts of mobile verification codes and notifications. The key is kept by the arshlined service and never shown again.', 'arshline-sidecar' ) ),
		note ? h( Notice, { status: note.status, isDismissible: false }, note.text ) : null,
		h( 'p', { id: 'arsh-sms-state' }, cur.configured ? sprintf( __( 'In use: %s.', 'arshline-sidecar' ), PROVIDERS[ cur.provider ] || cur.provider ) : __( 'No provider is set.', 'arshline-sidecar' ) ),
		cur.balance ? h( 'p', null, sprintf( __( 'Credit: %1$s %2$s', 'arshline-sidecar' ), num( cur.balance.amount ), cur.balance.unit || '' ) ) : null,
		h( SelectControl, { label: __( 'Provider', 'arshline-sidecar' ), value: input.provider, options: providers, onChange: ( v ) => setInput( Object.assign( {}, input, { provider: v } ) ), className: 'arsh-sms-provider' } ),
		h( TextControl, {
			label: __( 'API key', 'arshline-sidecar' ),
			help: cur.key_set ? __( 'A key is kept; leave empty to keep it.', 'arshline-sidecar' ) : null,
			type: 'password',
			autoComplete: 'new-password',
			dir: 'ltr',
			value: input.api_key,
			onChange: ( v ) => setInput( Object.assign( {}, input, { api_key: v } ) ),
			className: 'arsh-sms-key',
		} ),
		h( TextControl, { label: __( 'Sending line', 'arshline-sidecar' ), dir: 'ltr', value: input.sender, onChange: ( v ) => setInput( Object.assign( {}, input, { sender: v } ) ), className: 'arsh-sms-sender' } ),
		h( TextControl, { label: __( 'Other API address (optional)', 'arshline-sidecar' ), dir: 'ltr', type: 'url', value: input.base_url, onChange: ( v ) => setInput( Object.assign( {}, input, { base_url: v } ) ), className: 'arsh-sms-base' } ),
		h(
			'p',
			null,
			h( Button, { variant: 'primary', type: 'submit', disabled: busy, isBusy: busy, id: 'arsh-sms-save' }, __( 'Save the text message settings', 'arshline-sidecar' ) ),
			' ',
			cur.configured ? h( Button, { variant: 'secondary', disabled: busy, onClick: () => load( true ), id: 'arsh-sms-credit' }, __( 'Ask for the credit', 'arshline-sidecar' ) ) : null
		),
		cur.configured
			? h(
					'div',
					{ className: 'arsh-block' },
					h( TextControl, { label: __( 'Send a test text to (mobile)', 'arshline-sidecar' ), dir: 'ltr', inputMode: 'tel', value: to, onChange: setTo, className: 'arsh-sms-to' } ),
					h( Button, { variant: 'secondary', disabled: busy || ! to.trim(), onClick: test, id: 'arsh-sms-test' }, __( 'Send a test text', 'arshline-sidecar' ) )
			  )
			: null
	);
}

ready( function () {
	mount( 'arsh-sms-root', Sms );
} );
