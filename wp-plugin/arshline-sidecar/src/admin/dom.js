/**
 * Building the page: elements, text isolated for bidirectional display, messages.
 * 
 * Every value that came from the server or the user reaches the page through
 * textContent or attributes, never as HTML.
 */

import { __ } from '@wordpress/i18n';

import { describe } from './api';
import { page, formId, tab, formUrl } from './config';

export function $( id ) {
	return document.getElementById( id );
}

/** Builds an element; children are nodes or strings (as text). */
export function el( tag, attrs, children ) {
	var node = document.createElement( tag );
	Object.keys( attrs || {} ).forEach( function ( key ) {
		var value = attrs[ key ];
		if ( null === value || undefined === value || false === value ) {
			return;
		}
		if ( 'text' === key ) {
			node.textContent = String( value );
		} else if ( 'className' === key ) {
			node.className = value;
		} else if ( 'on' === key ) {
			Object.keys( value ).forEach( function ( ev ) {
				node.addEventListener( ev, value[ ev ] );
			} );
		} else if ( true === value ) {
			node.setAttribute( key, '' );
		} else {
			node.setAttribute( key, String( value ) );
		}
	} );
	( children || [] ).forEach( function ( child ) {
		if ( null === child || undefined === child ) {
			return;
		}
		node.appendChild( 'string' === typeof child || 'number' === typeof child ? document.createTextNode( String( child ) ) : child );
	} );
	return node;
}

/** Text the user or the model wrote, isolated for bidirectional text. */
export function bdi( text ) {
	return el( 'bdi', { text: null === text || undefined === text ? '' : String( text ) } );
}

export function clear( node ) {
	while ( node.firstChild ) {
		node.removeChild( node.firstChild );
	}
}

export function show( node, visible ) {
	node.hidden = ! visible;
}

/** Shows a message; errors get a retry button when trying again can help. */
export function message( box, kind, text, retry ) {
	clear( box );
	if ( ! text ) {
		return;
	}
	var notice = el( 'div', { className: 'notice inline notice-' + kind, role: 'error' === kind ? 'alert' : 'status' }, [ el( 'p', { text: text } ) ] );
	if ( retry ) {
		var button = el( 'button', { type: 'button', className: 'button arsh-retry', text: __( 'Try again', 'arshline-sidecar' ) } );
		button.addEventListener( 'click', function () {
			clear( box );
			retry.fn();
		} );
		if ( retry.after > 0 ) {
			button.disabled = true;
			window.setTimeout( function () {
				button.disabled = false;
			}, retry.after * 1000 );
		}
		notice.appendChild( el( 'p', {}, [ button ] ) );
	}
	box.appendChild( notice );
}

export function showError( box, r, retryFn ) {
	var d = describe( r );
	message( box, 'error', d.text, d.retry && retryFn ? { fn: retryFn, after: d.retryAfter } : null );
	if ( d.violations && d.violations.length ) {
		var list = el( 'ul', { className: 'arsh-violations' } );
		d.violations.forEach( function ( v ) {
			list.appendChild( el( 'li', {}, [ bdi( v.message || v.rule || JSON.stringify( v ) ) ] ) );
		} );
		box.firstChild.appendChild( list );
	}
}

export function busy( button, on ) {
	button.disabled = on;
	button.setAttribute( 'aria-busy', on ? 'true' : 'false' );
}

const TAB_OF = { builder: 'build', entries: 'entries', results: 'results', versions: 'versions' };

/**
 * Opens a section by its hash, again when it is already shown. A form's
 * builder, entries, results or versions live on that form's screen, one
 * tab each: another page or tab is left for it (#builder/ID/INDEX keeps
 * its field index as the tab's hash).
 */
export function openHash( hash ) {
	var m = /^#(builder|entries|results|versions)\/(\d+)(?:\/(\d+))?$/.exec( hash );
	if ( m && ! ( 'form' === page && formId === Number( m[ 2 ] ) && tab === TAB_OF[ m[ 1 ] ] ) ) {
		window.location.href = formUrl( m[ 2 ], TAB_OF[ m[ 1 ] ] ) + ( m[ 3 ] ? hash : '' );
		return;
	}
	if ( window.location.hash === hash ) {
		window.dispatchEvent( new window.HashChangeEvent( 'hashchange' ) );
	} else {
		window.location.hash = hash;
	}
}
