/**
 * What changed between two snapshots of a form, field by field, as
 * sentences: lines of {kind: add|remove|change|info, parts}, each part a
 * text of the page or {bdi: text} for what a person or model wrote (shown
 * isolated for bidirectional text). The Versions tab draws them with
 * React, the builder's AI edit with the DOM.
 */

import { __, _n, sprintf } from '@wordpress/i18n';

import { num, statusLabel, TYPE_LABELS } from './i18n';

/** The words a field is known by. */
export function fieldLabel( f ) {
	return f.label || f.question || f.title || f.text || f.name || f.id || '';
}

const said = ( text ) => ( { bdi: null === text || undefined === text ? '' : String( text ) } );

export function changeLines( before, after, patch ) {
	const lines = [];
	const types = TYPE_LABELS();
	const line = ( kind, parts ) => lines.push( { kind, parts } );
	const typeOf = ( f ) => types[ f.type ] || f.type;
	if ( ! before ) {
		line( 'info', [ __( 'First version of the form.', 'arshline-sidecar' ) ] );
		if ( after && after.document ) {
			( after.document.fields || [] ).forEach( ( f ) => {
				line( 'add', [ sprintf( __( 'Field added (%s):', 'arshline-sidecar' ), typeOf( f ) ), ' ', said( fieldLabel( f ) ) ] );
			} );
		}
		return lines;
	}
	if ( before.title !== after.title ) {
		line( 'change', [ __( 'Title changed from', 'arshline-sidecar' ), ' ', said( before.title ), ' ', __( 'to', 'arshline-sidecar' ), ' ', said( after.title ) ] );
	}
	if ( before.status !== after.status ) {
		line( 'change', [ sprintf( __( 'Status changed from %1$s to %2$s.', 'arshline-sidecar' ), statusLabel( before.status ), statusLabel( after.status ) ) ] );
	}
	const key = ( f, i ) => ( f && f.id ? 'id:' + f.id : 'at:' + i );
	const oldFields = ( before.document && before.document.fields ) || [];
	const newFields = ( after.document && after.document.fields ) || [];
	const oldMap = {};
	oldFields.forEach( ( f, i ) => {
		oldMap[ key( f, i ) ] = f;
	} );
	const seen = {};
	newFields.forEach( ( f, i ) => {
		const k = key( f, i );
		seen[ k ] = true;
		const was = oldMap[ k ];
		if ( ! was ) {
			line( 'add', [ sprintf( __( 'Field added (%s):', 'arshline-sidecar' ), typeOf( f ) ), ' ', said( fieldLabel( f ) ) ] );
		} else if ( JSON.stringify( was ) !== JSON.stringify( f ) ) {
			if ( fieldLabel( was ) !== fieldLabel( f ) ) {
				line( 'change', [ __( 'Question changed from', 'arshline-sidecar' ), ' ', said( fieldLabel( was ) ), ' ', __( 'to', 'arshline-sidecar' ), ' ', said( fieldLabel( f ) ) ] );
			} else {
				line( 'change', [ __( 'Field changed:', 'arshline-sidecar' ), ' ', said( fieldLabel( f ) ) ] );
			}
		}
	} );
	oldFields.forEach( ( f, i ) => {
		if ( ! seen[ key( f, i ) ] ) {
			line( 'remove', [ sprintf( __( 'Field removed (%s):', 'arshline-sidecar' ), typeOf( f ) ), ' ', said( fieldLabel( f ) ) ] );
		}
	} );
	if ( ! lines.length ) {
		line( 'info', [
			Array.isArray( patch ) && patch.length
				? sprintf( _n( '%s technical change without visible effect.', '%s technical changes without visible effect.', patch.length, 'arshline-sidecar' ), num( patch.length ) )
				: __( 'No visible change.', 'arshline-sidecar' ),
		] );
	}
	return lines;
}
