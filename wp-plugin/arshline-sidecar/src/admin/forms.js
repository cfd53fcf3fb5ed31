/**
 * The forms as the DOM-built screens (the builder, the versions) use
 * them: the list of forms in state.forms, a form's answer count, its
 * shortcode with a copy button, and one action on a form run as an
 * arshline-plan/v2 plan through ai.execute, answered with an Undo button.
 * The React pages keep the forms in the admin store (store.js) instead.
 */

import { __, sprintf } from '@wordpress/i18n';

import { call } from './api';
import { el, message, showError, busy } from './dom';
import { num, stepSentence } from './i18n';
import { state } from './state';

const answers = {};

/** Loads the list into state.forms; a failed load keeps the list there was. */
export function loadForms() {
	return call( { path: '/arshline/v1/forms?limit=200' } ).then( function ( r ) {
		if ( ! r.ok ) {
			return;
		}
		state.forms = Array.isArray( r.body ) ? r.body : r.body.forms || [];
	} );
}

/** The shortcode of a form, with a button that copies it. */
export function shortcodeBox( formId ) {
	var code = '[arshline_form id="' + Number( formId ) + '"]';
	var text = el( 'code', { dir: 'ltr', className: 'arsh-shortcode', text: code } );
	var copy = el( 'button', { type: 'button', className: 'button button-small arsh-copy', text: __( 'Copy', 'arshline-sidecar' ), 'aria-label': sprintf( __( 'Copy the shortcode of form %s', 'arshline-sidecar' ), num( formId ) ) } );
	var status = el( 'span', { className: 'arsh-copied', role: 'status', 'aria-live': 'polite' } );
	copy.addEventListener( 'click', function () {
		copyText( code ).then( function ( ok ) {
			status.textContent = ok ? __( 'Copied.', 'arshline-sidecar' ) : __( 'Select the code and copy it.', 'arshline-sidecar' );
			window.setTimeout( function () {
				status.textContent = '';
			}, 3000 );
		} );
	} );
	return el( 'span', { className: 'arsh-shortcode-box' }, [ text, ' ', copy, ' ', status ] );
}

function copyText( text ) {
	if ( navigator.clipboard && window.isSecureContext ) {
		return navigator.clipboard.writeText( text ).then(
			function () {
				return true;
			},
			function () {
				return legacyCopy( text );
			}
		);
	}
	return Promise.resolve( legacyCopy( text ) );
}

function legacyCopy( text ) {
	var area = el( 'textarea', { readonly: true, className: 'screen-reader-text' } );
	area.value = text;
	document.body.appendChild( area );
	area.select();
	var ok = false;
	try {
		ok = document.execCommand( 'copy' );
	} catch ( e ) {
		ok = false;
	}
	document.body.removeChild( area );
	return ok;
}

/** {count, last_answer_at} of a form, asked for once per page view. */
export function answersInfo( formId, fresh ) {
	if ( ! fresh && answers[ formId ] ) {
		return answers[ formId ];
	}
	answers[ formId ] = call( { path: '/arshline/v1/forms/' + encodeURIComponent( formId ) + '/answers-info' } ).then( function ( r ) {
		if ( ! r.ok ) {
			delete answers[ formId ];
			return null;
		}
		return r.body;
	} );
	return answers[ formId ];
}

/**
 * Runs one action on a form as an arshline-plan/v2 plan (ai.execute), then
 * says what happened with an Undo button. Resolves to whether it ran.
 */
export function runFormAction( action, formId, params, box ) {
	var plan = { version: 2, steps: [ { action: action, params: Object.assign( { id: Number( formId ) }, params || {} ) } ] };
	return call( { path: '/arshline/v1/ai/execute', method: 'POST', data: { plan: plan, confirm: true } } ).then( function ( r ) {
		if ( ! r.ok ) {
			showError( box, r, function () {
				runFormAction( action, formId, params, box );
			} );
			return false;
		}
		var tokens = r.body.undo_tokens || [];
		var result = ( r.body.results || [] )[ 0 ] || {};
		message( box, 'success', stepSentence( action, formId, result ) );
		offerUndo( box, tokens );
		loadForms();
		return true;
	} );
}

/**
 * An "Undo" button beside the success message in box, taking back the
 * steps of tokens (nothing when there are none), then the list again.
 */
function offerUndo( box, tokens ) {
	if ( ! tokens.length ) {
		return;
	}
	var undo = el( 'button', { type: 'button', className: 'button arsh-undo-form', text: __( 'Undo', 'arshline-sidecar' ) } );
	undo.addEventListener( 'click', function () {
		busy( undo, true );
		call( { path: '/arshline/v1/ai/undo', method: 'POST', data: { tokens: tokens.slice() } } ).then( function ( u ) {
			busy( undo, false );
			if ( ! u.ok ) {
				showError( box, u );
				return;
			}
			message( box, 'success', __( 'Undone.', 'arshline-sidecar' ) );
			loadForms();
		} );
	} );
	box.firstChild.firstChild.appendChild( document.createTextNode( ' ' ) );
	box.firstChild.firstChild.appendChild( undo );
}
