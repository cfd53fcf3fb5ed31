/**
 * Versions of a form, readable diffs between them, and rollback.
 */

import { __, _n, sprintf } from '@wordpress/i18n';

import { call } from './api';
import { $, el, bdi, clear, show, message, showError, busy } from './dom';
import { fieldLabel, renderForm } from './form-preview';
import { loadForms } from './forms';
import { num, dateFormat, statusLabel, sourceLabel, TYPE_LABELS } from './i18n';
import { state } from './state';

export function loadVersions( formId, quiet ) {
	if ( ! $( 'arsh-versions' ) ) {
		return Promise.resolve();
	}
	state.versionsFor = formId;
	var form = state.forms.filter( function ( f ) {
		return f.id === formId;
	} )[ 0 ];
	var title = $( 'arsh-versions-title' );
	clear( title );
	title.appendChild( document.createTextNode( sprintf( __( 'Versions of form %s', 'arshline-sidecar' ), num( formId ) ) + ( form ? ': ' : '' ) ) );
	if ( form ) {
		title.appendChild( bdi( form.title ) );
	}
	show( $( 'arsh-versions' ), true );
	show( $( 'arsh-diff' ), false );
	var box = $( 'arsh-versions-msg' );
	return call( { path: '/hosha2/v1/forms/' + encodeURIComponent( formId ) + '/versions?limit=100' } ).then( function ( r ) {
		if ( state.versionsFor !== formId ) {
			return;
		}
		if ( ! r.ok ) {
			showError( box, r, function () {
				loadVersions( formId );
			} );
			return;
		}
		message( box, 'info', '' );
		renderVersions( formId, Array.isArray( r.body.data ) ? r.body.data : [] );
		if ( ! quiet ) {
			title.focus();
		}
	} );
}

function renderVersions( formId, rows ) {
	var body = $( 'arsh-versions-body' );
	clear( body );
	var form = state.forms.filter( function ( f ) {
		return f.id === formId;
	} )[ 0 ];
	rows = rows.slice().sort( function ( a, b ) {
		return b.seq - a.seq;
	} );
	rows.forEach( function ( v, i ) {
		var older = rows[ i + 1 ] || null;
		var fields = 'number' === typeof v.field_count ? v.field_count : null;
		var isHead = form && form.head_version_id === v.id;
		var view = el( 'button', { type: 'button', className: 'button button-small', text: __( 'Show changes', 'arshline-sidecar' ), 'aria-label': sprintf( __( 'Show the changes of version %s', 'arshline-sidecar' ), num( v.seq ) ) } );
		view.addEventListener( 'click', function () {
			showDiff( formId, v, older );
		} );
		var actions = [ view ];
		if ( ! isHead ) {
			var back = el( 'button', { type: 'button', className: 'button button-small arsh-rollback', text: __( 'Roll back to this version', 'arshline-sidecar' ), 'aria-label': sprintf( __( 'Roll back to version %s', 'arshline-sidecar' ), num( v.seq ) ) } );
			back.addEventListener( 'click', function () {
				rollback( formId, v, back );
			} );
			actions.push( ' ', back );
		} else {
			actions.push( ' ', el( 'span', { className: 'arsh-head', text: __( '(current)', 'arshline-sidecar' ) } ) );
		}
		body.appendChild(
			el( 'tr', { 'data-version-id': v.id, 'data-seq': v.seq }, [
				el( 'td', { text: num( v.seq ) } ),
				el( 'td', { text: sourceLabel( v.source ) } ),
				el( 'td', { text: v.created_at ? dateFormat.format( new Date( v.created_at ) ) : '' } ),
				el( 'td', { text: null === fields ? '—' : num( fields ) } ),
				el( 'td', {}, actions ),
			] )
		);
	} );
}

function rollback( formId, v, button ) {
	var box = $( 'arsh-versions-msg' );
	busy( button, true );
	call( {
		path: '/hosha2/v1/forms/' + encodeURIComponent( formId ) + '/versions/' + encodeURIComponent( v.id ) + '/rollback',
		method: 'POST',
	} ).then( function ( r ) {
		busy( button, false );
		if ( ! r.ok ) {
			showError( box, r, function () {
				rollback( formId, v, button );
			} );
			return;
		}
		loadForms().then( function () {
			loadVersions( formId, true ).then( function () {
				message( box, 'success', sprintf( __( 'The form was rolled back to version %s; the rollback is itself a new version.', 'arshline-sidecar' ), num( v.seq ) ) );
			} );
		} );
		var doc = r.body.data && ( r.body.data.version || r.body.data ).state;
		if ( doc && doc.document && ! $( 'arsh-h2-result' ).hidden ) {
			var preview = $( 'arsh-h2-preview' );
			clear( preview );
			preview.appendChild( renderForm( doc.document ) );
		}
	} );
}

function getVersion( formId, id ) {
	return call( { path: '/hosha2/v1/forms/' + encodeURIComponent( formId ) + '/versions/' + encodeURIComponent( id ) } );
}

function showDiff( formId, v, older ) {
	var box = $( 'arsh-diff' );
	clear( box );
	show( box, true );
	box.appendChild( el( 'h4', { tabindex: '-1', text: sprintf( __( 'Changes in version %s', 'arshline-sidecar' ), num( v.seq ) ) } ) );
	var wants = [ getVersion( formId, v.id ) ];
	if ( older ) {
		wants.push( getVersion( formId, older.id ) );
	}
	Promise.all( wants ).then( function ( answers ) {
		var bad = answers.filter( function ( a ) {
			return ! a.ok;
		} )[ 0 ];
		if ( bad ) {
			var holder = el( 'div' );
			box.appendChild( holder );
			showError( holder, bad, function () {
				showDiff( formId, v, older );
			} );
			return;
		}
		var cur = answers[ 0 ].body.data;
		var prev = answers[ 1 ] ? answers[ 1 ].body.data : null;
		var lines = describeChanges( prev ? prev.state : null, cur.state, cur.diff );
		var list = el( 'ul', { className: 'arsh-diff-list' } );
		lines.forEach( function ( line ) {
			list.appendChild( el( 'li', { className: 'arsh-diff-' + line.kind }, line.parts ) );
		} );
		box.appendChild( list );
		box.firstChild.focus();
	} );
}

/** Field-by-field comparison of two snapshots, as sentences. */
export function describeChanges( before, after, patch ) {
	var lines = [];
	var types = TYPE_LABELS();
	var line = function ( kind, parts ) {
		lines.push( { kind: kind, parts: parts } );
	};
	if ( ! before ) {
		line( 'info', [ __( 'First version of the form.', 'arshline-sidecar' ) ] );
		if ( after && after.document ) {
			( after.document.fields || [] ).forEach( function ( f ) {
				line( 'add', [ sprintf( __( 'Field added (%s):', 'arshline-sidecar' ), types[ f.type ] || f.type ), ' ', bdi( fieldLabel( f ) ) ] );
			} );
		}
		return lines;
	}
	if ( before.title !== after.title ) {
		line( 'change', [ __( 'Title changed from', 'arshline-sidecar' ), ' ', bdi( before.title ), ' ', __( 'to', 'arshline-sidecar' ), ' ', bdi( after.title ) ] );
	}
	if ( before.status !== after.status ) {
		line( 'change', [ sprintf( __( 'Status changed from %1$s to %2$s.', 'arshline-sidecar' ), statusLabel( before.status ), statusLabel( after.status ) ) ] );
	}
	var key = function ( f, i ) {
		return f && f.id ? 'id:' + f.id : 'at:' + i;
	};
	var oldFields = ( before.document && before.document.fields ) || [];
	var newFields = ( after.document && after.document.fields ) || [];
	var oldMap = {};
	oldFields.forEach( function ( f, i ) {
		oldMap[ key( f, i ) ] = f;
	} );
	var seen = {};
	newFields.forEach( function ( f, i ) {
		var k = key( f, i );
		seen[ k ] = true;
		var was = oldMap[ k ];
		if ( ! was ) {
			line( 'add', [ sprintf( __( 'Field added (%s):', 'arshline-sidecar' ), types[ f.type ] || f.type ), ' ', bdi( fieldLabel( f ) ) ] );
		} else if ( JSON.stringify( was ) !== JSON.stringify( f ) ) {
			if ( fieldLabel( was ) !== fieldLabel( f ) ) {
				line( 'change', [ __( 'Question changed from', 'arshline-sidecar' ), ' ', bdi( fieldLabel( was ) ), ' ', __( 'to', 'arshline-sidecar' ), ' ', bdi( fieldLabel( f ) ) ] );
			} else {
				line( 'change', [ __( 'Field changed:', 'arshline-sidecar' ), ' ', bdi( fieldLabel( f ) ) ] );
			}
		}
	} );
	oldFields.forEach( function ( f, i ) {
		if ( ! seen[ key( f, i ) ] ) {
			line( 'remove', [ sprintf( __( 'Field removed (%s):', 'arshline-sidecar' ), types[ f.type ] || f.type ), ' ', bdi( fieldLabel( f ) ) ] );
		}
	} );
	if ( ! lines.length ) {
		line( 'info', [ Array.isArray( patch ) && patch.length ? sprintf( _n( '%s technical change without visible effect.', '%s technical changes without visible effect.', patch.length, 'arshline-sidecar' ), num( patch.length ) ) : __( 'No visible change.', 'arshline-sidecar' ) ] );
	}
	return lines;
}
