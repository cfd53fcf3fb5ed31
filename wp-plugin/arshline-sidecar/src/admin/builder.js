/**
 * The form builder: every field type and key of the arshline_form@v1
 * document, edited by hand with no model, saved as one new version
 * (expected_version_id makes a concurrent edit a clear conflict), with the
 * daemon's violations shown next to their fields and a live preview by
 * the same renderer as everywhere else. When a model is configured, a
 * "describe a change" box runs Hosha2's edit on the open form and shows
 * what changed before the admin keeps it.
 *
 * Reached by '#builder/ID' or '#builder/ID/INDEX' (a field focused).
 */

import { __, _n, sprintf } from '@wordpress/i18n';

import { call, describe } from './api';
import { isFa, locale, nonces, POLL_MS, pageUrl, formId } from './config';
import { $, el, bdi, clear, show, message, showError, busy } from './dom';
import { fieldLabel } from './form-preview';
import { showServerPreview } from './server-preview';
import { loadForms, runFormAction, answersInfo, shortcodeBox } from './forms';
import { num, dateFormat, statusLabel, TYPE_LABELS } from './i18n';
import { describeChanges } from './versions';

const TYPES = [ 'text', 'textarea', 'email', 'number', 'radio', 'checkbox', 'select', 'date', 'file', 'rating', 'matrix', 'section', 'html' ];
const NOT_ANSWERABLE = [ 'section', 'html' ];
const FORMATS = [ 'mobile_ir', 'phone_ir', 'national_code', 'postal_code_ir', 'email', 'url', 'time', 'persian_letters', 'latin_letters', 'card_ir', 'sheba' ];
const OPS = [ 'equals', 'not_equals', 'in', 'answered' ];
const COMMON = [ 'id', 'type', 'label', 'required', 'placeholder', 'help_text', 'show_if', 'page' ];

/** The keys each type may carry: the schema's, when it has been read. */
let KEYS = {
	text: COMMON.concat( [ 'format', 'min_length', 'max_length', 'unique' ] ),
	textarea: COMMON.concat( [ 'format', 'min_length', 'max_length' ] ),
	email: COMMON.concat( [ 'unique' ] ),
	number: COMMON.concat( [ 'min', 'max', 'step' ] ),
	radio: COMMON.concat( [ 'options' ] ),
	checkbox: COMMON.concat( [ 'options', 'min_select', 'max_select' ] ),
	select: COMMON.concat( [ 'options' ] ),
	date: COMMON.concat( [ 'calendar', 'min', 'max' ] ),
	file: COMMON.concat( [ 'accept', 'max_size_kb', 'max_files' ] ),
	rating: COMMON.concat( [ 'scale' ] ),
	matrix: COMMON.concat( [ 'rows', 'cols' ] ),
	section: COMMON.slice(),
	html: COMMON.concat( [ 'html' ] ),
};

const B = {
	id: 0,
	form: null,
	doc: null,
	title: '',
	versionId: 0,
	saved: '',
	open: -1,
	violations: {},
	drag: -1,
	removedOptions: {},
	previewTimer: 0,
	schemaRead: false,
	llm: null,
	job: null,
	pollTimer: 0,
	beforeEdit: null,
};

function formatLabels() {
	return {
		mobile_ir: __( 'Iranian mobile number', 'arshline-sidecar' ),
		phone_ir: __( 'Iranian landline number', 'arshline-sidecar' ),
		national_code: __( 'National code', 'arshline-sidecar' ),
		postal_code_ir: __( 'Postal code', 'arshline-sidecar' ),
		email: __( 'Email address', 'arshline-sidecar' ),
		url: __( 'Web address (URL)', 'arshline-sidecar' ),
		time: __( 'Time (HH:MM)', 'arshline-sidecar' ),
		persian_letters: __( 'Persian letters only', 'arshline-sidecar' ),
		latin_letters: __( 'Latin letters only', 'arshline-sidecar' ),
		card_ir: __( 'Bank card number', 'arshline-sidecar' ),
		sheba: __( 'Sheba (IBAN) number', 'arshline-sidecar' ),
	};
}

function opLabels() {
	return {
		equals: __( 'is', 'arshline-sidecar' ),
		not_equals: __( 'is not', 'arshline-sidecar' ),
		in: __( 'is one of', 'arshline-sidecar' ),
		answered: __( 'is answered', 'arshline-sidecar' ),
	};
}

/* ---------- loading ---------- */

/** Reads the keys of each type from the document schema (once). */
function readSchema() {
	if ( B.schemaRead ) {
		return Promise.resolve();
	}
	return call( { path: '/arshline/v1/forms/schema' } ).then( function ( r ) {
		if ( ! r.ok || ! r.body || ! r.body.$defs || ! r.body.$defs.field ) {
			return;
		}
		B.schemaRead = true;
		var next = {};
		( r.body.$defs.field.allOf || [] ).forEach( function ( rule ) {
			var type = rule && rule.if && rule.if.properties && rule.if.properties.type && rule.if.properties.type.const;
			var keys = rule && rule.then && rule.then.propertyNames && rule.then.propertyNames.enum;
			if ( type && Array.isArray( keys ) ) {
				next[ type ] = keys.slice();
			}
		} );
		if ( Object.keys( next ).length ) {
			KEYS = Object.assign( {}, KEYS, next );
		}
	} );
}

function readHealth() {
	if ( null !== B.llm ) {
		return Promise.resolve();
	}
	return call( { path: '/arshline/v1/health' } ).then( function ( r ) {
		B.llm = !! ( r.ok && r.body.llm_configured );
	} );
}

/** Opens the builder of a form; index, when given, focuses that field. */
export function openBuilder( formId, index ) {
	var id = Number( formId );
	if ( ! id ) {
		return Promise.resolve();
	}
	if ( B.id && B.id !== id && isDirty() && ! window.confirm( __( 'The open form has changes that are not saved. Leave them?', 'arshline-sidecar' ) ) ) {
		return Promise.resolve();
	}
	var box = $( 'arsh-builder-msg' );
	show( $( 'arsh-builder' ), true );
	message( box, 'info', __( 'Opening the form…', 'arshline-sidecar' ) );
	return Promise.all( [ readSchema(), readHealth(), call( { path: '/arshline/v1/forms/' + encodeURIComponent( id ) } ) ] ).then( function ( all ) {
		var r = all[ 2 ];
		if ( ! r.ok ) {
			showError( box, r, function () {
				openBuilder( id, index );
			} );
			return;
		}
		message( box, 'info', '' );
		load( r.body.form || r.body );
		if ( 'number' === typeof index && index >= 0 && index < B.doc.fields.length ) {
			B.open = index;
		}
		renderAll();
		var focus = B.open >= 0 ? $( inputId( B.open, 'label' ) ) : $( 'arsh-builder-title' );
		if ( focus ) {
			focus.focus();
			if ( focus.scrollIntoView ) {
				focus.scrollIntoView( { block: 'center' } );
			}
		}
	} );
}

function load( form ) {
	B.id = form.id;
	B.form = form;
	B.versionId = form.head_version_id;
	B.title = form.title || '';
	var doc = JSON.parse( JSON.stringify( form.document || {} ) );
	doc.version = doc.version || 'arshline_form@v1';
	doc.fields = Array.isArray( doc.fields ) ? doc.fields : [];
	B.doc = doc;
	B.saved = snapshot();
	B.open = -1;
	B.violations = {};
	B.removedOptions = {};
	$( 'arsh-b-title' ).value = B.title;
}

function snapshot() {
	return JSON.stringify( { t: B.title, d: B.doc } );
}

function isDirty() {
	return !! B.doc && snapshot() !== B.saved;
}

export function closeBuilder() {
	if ( isDirty() && ! window.confirm( __( 'The open form has changes that are not saved. Leave them?', 'arshline-sidecar' ) ) ) {
		return;
	}
	B.id = 0;
	B.doc = null;
	window.location.href = pageUrl( 'forms' );
}

/* ---------- ids ---------- */

function highestFieldNumber() {
	var meta = B.doc.meta && 'object' === typeof B.doc.meta ? B.doc.meta : {};
	var high = Number( meta.field_seq ) || 0;
	B.doc.fields.forEach( function ( f ) {
		var m = /^f(\d+)$/.exec( String( f.id || '' ) );
		if ( m ) {
			high = Math.max( high, Number( m[ 1 ] ) );
		}
	} );
	return high;
}

/** The next field id: one past the highest ever given (meta.field_seq), never reused. */
function nextFieldId() {
	var n = highestFieldNumber() + 1;
	if ( ! B.doc.meta || 'object' !== typeof B.doc.meta || Array.isArray( B.doc.meta ) ) {
		B.doc.meta = {};
	}
	B.doc.meta.field_seq = n;
	return 'f' + n;
}

/** The next option value of a field: o1, o2, …, never one it had this session. */
function nextOptionValue( f ) {
	var high = B.removedOptions[ f.id ] || 0;
	( f.options || [] ).forEach( function ( o ) {
		var m = /^o(\d+)$/.exec( String( o.value || '' ) );
		if ( m ) {
			high = Math.max( high, Number( m[ 1 ] ) );
		}
	} );
	B.removedOptions[ f.id ] = high + 1;
	return 'o' + ( high + 1 );
}

/* ---------- field model ---------- */

function allowed( type, key ) {
	return ( KEYS[ type ] || COMMON ).indexOf( key ) >= 0;
}

function newField( type ) {
	var f = { id: nextFieldId(), type: type };
	fillDefaults( f, type );
	return f;
}

/** What a new field of the type starts with: a label and the keys the type requires. */
function fillDefaults( f, type ) {
	var types = TYPE_LABELS();
	if ( ! f.label ) {
		f.label = types[ type ] || type;
	}
	if ( allowed( type, 'options' ) && ! Array.isArray( f.options ) ) {
		f.options = [];
		f.options.push( { value: nextOptionValue( f ), label: sprintf( __( 'Option %s', 'arshline-sidecar' ), num( 1 ) ) } );
		f.options.push( { value: nextOptionValue( f ), label: sprintf( __( 'Option %s', 'arshline-sidecar' ), num( 2 ) ) } );
	}
	if ( 'matrix' === type ) {
		f.rows = Array.isArray( f.rows ) ? f.rows : [ sprintf( __( 'Row %s', 'arshline-sidecar' ), num( 1 ) ) ];
		f.cols = Array.isArray( f.cols ) ? f.cols : [ sprintf( __( 'Column %s', 'arshline-sidecar' ), num( 1 ) ), sprintf( __( 'Column %s', 'arshline-sidecar' ), num( 2 ) ) ];
	}
	if ( 'rating' === type && ! f.scale ) {
		f.scale = { min: 1, max: 5 };
	}
	if ( 'date' === type && ! f.calendar ) {
		f.calendar = 'jalali';
	}
	if ( 'html' === type && 'string' !== typeof f.html ) {
		f.html = '';
	}
}

/** Changes a field's type, dropping the keys the new type refuses. */
function changeType( f, type ) {
	Object.keys( f ).forEach( function ( k ) {
		if ( ! allowed( type, k ) || null === f[ k ] ) {
			delete f[ k ];
		}
	} );
	f.type = type;
	fillDefaults( f, type );
}

function setKey( f, key, value ) {
	if ( null === value || undefined === value || '' === value || ( 'number' === typeof value && isNaN( value ) ) ) {
		delete f[ key ];
	} else {
		f[ key ] = value;
	}
	changed();
}

function changed() {
	updateDirty();
	schedulePreview();
}

function updateDirty() {
	var dirty = isDirty();
	$( 'arsh-b-dirty' ).textContent = dirty ? __( 'Changes not saved yet.', 'arshline-sidecar' ) : '';
	$( 'arsh-b-save' ).disabled = ! dirty;
}

function schedulePreview() {
	window.clearTimeout( B.previewTimer );
	B.previewTimer = window.setTimeout( renderPreview, 300 );
}

function renderPreview() {
	var box = $( 'arsh-b-preview' );
	if ( ! B.doc ) {
		clear( box );
		return;
	}
	showServerPreview( box, B.id, B.doc, B.title );
}

/* ---------- rendering ---------- */

function inputId( index, key ) {
	var f = B.doc && B.doc.fields[ index ];
	return 'arsh-b-' + ( f ? String( f.id ).replace( /[^A-Za-z0-9_-]/g, '' ) : index ) + '-' + key;
}

function renderAll() {
	renderHeader();
	renderFields();
	renderPreview();
	renderAi();
	updateDirty();
}

function renderHeader() {
	var title = $( 'arsh-builder-title' );
	clear( title );
	title.appendChild( document.createTextNode( sprintf( __( 'Form builder: form %s', 'arshline-sidecar' ), num( B.id ) ) + ' — ' ) );
	title.appendChild( bdi( B.form.title ) );
	var meta = $( 'arsh-builder-meta' );
	clear( meta );
	var answers = el( 'span', { className: 'arsh-b-answers', text: __( 'Answers: …', 'arshline-sidecar' ) } );
	meta.appendChild( el( 'span', { className: 'arsh-status arsh-status-' + B.form.status, text: statusLabel( B.form.status ) } ) );
	meta.appendChild( document.createTextNode( ' · ' + sprintf( __( 'Version %s', 'arshline-sidecar' ), num( B.form.head_seq || B.form.version_count ) ) + ' · ' ) );
	meta.appendChild( answers );
	meta.appendChild( document.createTextNode( ' · ' ) );
	meta.appendChild( shortcodeBox( B.id ) );
	var actions = el( 'span', { className: 'arsh-b-status-actions' } );
	[ [ 'publish_form', __( 'Publish', 'arshline-sidecar' ), 'published' ], [ 'draft_form', __( 'Move to drafts', 'arshline-sidecar' ), 'draft' ], [ 'disable_form', __( 'Disable', 'arshline-sidecar' ), 'disabled' ] ].forEach( function ( a ) {
		if ( B.form.status === a[ 2 ] ) {
			return;
		}
		var button = el( 'button', { type: 'button', className: 'button button-small', id: 'arsh-b-' + a[ 0 ], text: a[ 1 ] } );
		button.addEventListener( 'click', function () {
			if ( isDirty() ) {
				message( $( 'arsh-builder-msg' ), 'warning', __( 'Save your changes first.', 'arshline-sidecar' ) );
				return;
			}
			busy( button, true );
			runFormAction( a[ 0 ], B.id, {}, $( 'arsh-builder-msg' ) ).then( function ( ok ) {
				busy( button, false );
				if ( ok ) {
					refreshForm();
				}
			} );
		} );
		actions.appendChild( button );
		actions.appendChild( document.createTextNode( ' ' ) );
	} );
	meta.appendChild( document.createTextNode( ' ' ) );
	meta.appendChild( actions );
	var formId = B.id;
	answersInfo( formId ).then( function ( info ) {
		if ( B.id !== formId ) {
			return;
		}
		answers.textContent = info ? answersText( info ) : __( 'Answers: unknown', 'arshline-sidecar' );
	} );
}

export function answersText( info ) {
	var text = null === info.count || undefined === info.count ? __( 'Answers: some', 'arshline-sidecar' ) : sprintf( _n( '%s answer', '%s answers', info.count, 'arshline-sidecar' ), num( info.count ) );
	if ( info.last_answer_at ) {
		text += ' · ' + sprintf( __( 'last on %s', 'arshline-sidecar' ), dateFormat.format( new Date( info.last_answer_at ) ) );
	}
	return text;
}

/** Re-reads the form's status and head after an action outside the editor. */
function refreshForm() {
	return call( { path: '/arshline/v1/forms/' + encodeURIComponent( B.id ) } ).then( function ( r ) {
		if ( r.ok ) {
			var form = r.body.form || r.body;
			B.form = form;
			B.versionId = form.head_version_id;
			renderHeader();
		}
	} );
}

function renderFields() {
	var list = $( 'arsh-b-fields' );
	var active = document.activeElement && list.contains( document.activeElement ) ? document.activeElement.id : '';
	clear( list );
	var general = B.violations.general || [];
	var top = $( 'arsh-b-violations' );
	clear( top );
	general.forEach( function ( v ) {
		top.appendChild( el( 'li', {}, [ bdi( violationText( v ) ) ] ) );
	} );
	if ( ! B.doc.fields.length ) {
		list.appendChild( el( 'li', { className: 'arsh-b-empty', text: __( 'No fields yet: choose a type and add the first one.', 'arshline-sidecar' ) } ) );
	}
	B.doc.fields.forEach( function ( f, i ) {
		list.appendChild( renderField( f, i ) );
	} );
	if ( active && $( active ) ) {
		$( active ).focus();
	}
}

function violationText( v ) {
	return ( isFa ? v.message_fa : v.message_en ) || v.message || v.message_en || v.rule || '';
}

function renderField( f, i ) {
	var types = TYPE_LABELS();
	var n = B.doc.fields.length;
	var open = B.open === i;
	var errors = B.violations[ i ] || [];
	var li = el( 'li', {
		className: 'arsh-b-field' + ( open ? ' is-open' : '' ) + ( errors.length ? ' has-error' : '' ),
		'data-index': i,
		'data-field-id': f.id,
		'data-type': f.type,
	} );
	var handle = el( 'span', { className: 'arsh-b-handle dashicons dashicons-move', draggable: 'true', title: __( 'Drag to move', 'arshline-sidecar' ), 'aria-hidden': 'true' } );
	handle.addEventListener( 'dragstart', function ( e ) {
		B.drag = i;
		li.classList.add( 'is-dragging' );
		if ( e.dataTransfer ) {
			e.dataTransfer.effectAllowed = 'move';
			e.dataTransfer.setData( 'text/plain', String( i ) );
			if ( e.dataTransfer.setDragImage ) {
				e.dataTransfer.setDragImage( li, 10, 10 );
			}
		}
	} );
	handle.addEventListener( 'dragend', function () {
		li.classList.remove( 'is-dragging' );
		B.drag = -1;
	} );
	li.addEventListener( 'dragover', function ( e ) {
		if ( B.drag >= 0 ) {
			e.preventDefault();
			li.classList.add( 'is-drop-target' );
		}
	} );
	li.addEventListener( 'dragleave', function () {
		li.classList.remove( 'is-drop-target' );
	} );
	li.addEventListener( 'drop', function ( e ) {
		e.preventDefault();
		li.classList.remove( 'is-drop-target' );
		var from = B.drag >= 0 ? B.drag : Number( e.dataTransfer && e.dataTransfer.getData( 'text/plain' ) );
		B.drag = -1;
		if ( from >= 0 && from !== i ) {
			moveField( from, i, false );
		}
	} );

	var summary = el( 'span', { className: 'arsh-b-summary' }, [
		el( 'span', { className: 'arsh-b-num', text: num( i + 1 ) + '.' } ),
		' ',
		el( 'span', { className: 'arsh-b-type', text: types[ f.type ] || f.type } ),
		' ',
		el( 'span', { className: 'arsh-b-label', id: inputId( i, 'summary' ) }, [ bdi( fieldLabel( f ) ) ] ),
		f.required ? el( 'span', { className: 'arsh-required', text: ' *' } ) : null,
		f.show_if ? el( 'span', { className: 'arsh-b-cond', text: ' ' + __( '(conditional)', 'arshline-sidecar' ) } ) : null,
		' ',
		el( 'code', { className: 'arsh-b-id', dir: 'ltr', text: f.id } ),
	] );
	var toggle = button( open ? __( 'Close', 'arshline-sidecar' ) : __( 'Edit', 'arshline-sidecar' ), sprintf( open ? __( 'Close field %s', 'arshline-sidecar' ) : __( 'Edit field %s', 'arshline-sidecar' ), num( i + 1 ) ), function () {
		B.open = open ? -1 : i;
		renderFields();
		var target = $( B.open === i ? inputId( i, 'label' ) : inputId( i, 'toggle' ) );
		if ( target ) {
			target.focus();
		}
	} );
	toggle.id = inputId( i, 'toggle' );
	toggle.setAttribute( 'aria-expanded', open ? 'true' : 'false' );
	var up = button( '↑', sprintf( __( 'Move field %s up', 'arshline-sidecar' ), num( i + 1 ) ), function () {
		moveField( i, i - 1, 'up' );
	} );
	up.id = inputId( i, 'up' );
	up.disabled = 0 === i;
	var down = button( '↓', sprintf( __( 'Move field %s down', 'arshline-sidecar' ), num( i + 1 ) ), function () {
		moveField( i, i + 1, 'down' );
	} );
	down.id = inputId( i, 'down' );
	down.disabled = i === n - 1;
	var remove = button( __( 'Remove', 'arshline-sidecar' ), sprintf( __( 'Remove field %s', 'arshline-sidecar' ), num( i + 1 ) ), function () {
		removeField( i );
	} );
	remove.className += ' arsh-b-remove';
	li.appendChild( el( 'div', { className: 'arsh-b-head' }, [ handle, summary, el( 'span', { className: 'arsh-b-tools' }, [ toggle, ' ', up, ' ', down, ' ', remove ] ) ] ) );
	if ( errors.length ) {
		var list = el( 'ul', { className: 'arsh-b-errors', id: inputId( i, 'errors' ), role: 'alert' } );
		errors.forEach( function ( v ) {
			list.appendChild( el( 'li', {}, [ bdi( violationText( v ) ), v.path ? el( 'code', { dir: 'ltr', className: 'arsh-b-path', text: ' ' + v.path } ) : null ] ) );
		} );
		li.appendChild( list );
	}
	if ( open ) {
		li.appendChild( renderEditor( f, i ) );
	}
	return li;
}

function button( text, label, fn ) {
	var b = el( 'button', { type: 'button', className: 'button button-small', text: text, 'aria-label': label } );
	b.addEventListener( 'click', fn );
	return b;
}

/** A labelled control bound to one key of the field. */
function row( i, key, labelText, control, hint ) {
	control.id = control.id || inputId( i, key );
	var p = el( 'p', { className: 'arsh-b-row arsh-b-row-' + key }, [ el( 'label', { for: control.id, text: labelText } ), control ] );
	if ( hint ) {
		p.appendChild( el( 'span', { className: 'description', text: ' ' + hint } ) );
	}
	return p;
}

function textControl( f, i, key, opts ) {
	var o = opts || {};
	var input = el( o.multiline ? 'textarea' : 'input', {
		type: o.multiline ? null : o.type || 'text',
		className: o.multiline ? 'large-text' : o.type === 'number' ? 'small-text' : 'regular-text',
		rows: o.multiline ? o.rows || 3 : null,
		maxlength: o.max || null,
		min: null === o.minimum || undefined === o.minimum ? null : String( o.minimum ),
		max: null === o.maximum || undefined === o.maximum ? null : String( o.maximum ),
		step: o.step || null,
		dir: o.ltr ? 'ltr' : null,
		placeholder: o.placeholder || null,
		'aria-describedby': ( B.violations[ i ] || [] ).length ? inputId( i, 'errors' ) : null,
	} );
	input.id = inputId( i, key );
	var value = f[ key ];
	input.value = null === value || undefined === value ? '' : o.join ? value.join( o.join ) : String( value );
	input.addEventListener( 'input', function () {
		var raw = input.value;
		var v;
		if ( o.parse ) {
			v = o.parse( raw );
		} else if ( o.type === 'number' ) {
			v = '' === raw.trim() ? null : o.integer ? parseInt( raw, 10 ) : Number( raw );
		} else if ( o.lines ) {
			v = raw.split( '\n' ).map( trim ).filter( Boolean );
			v = v.length ? v : null;
		} else {
			v = o.keepSpaces ? raw : raw;
		}
		setKey( f, key, v );
		if ( 'label' === key ) {
			var s = $( inputId( i, 'summary' ) );
			if ( s ) {
				clear( s );
				s.appendChild( bdi( raw ) );
			}
		}
	} );
	return input;
}

function trim( s ) {
	return String( s ).trim();
}

function selectControl( f, i, key, choices, onChange ) {
	var select = el( 'select', { id: inputId( i, key ) } );
	choices.forEach( function ( c ) {
		select.appendChild( el( 'option', { value: c[ 0 ], text: c[ 1 ] } ) );
	} );
	var current = f[ key ];
	select.value = null === current || undefined === current ? '' : String( current );
	select.addEventListener( 'change', function () {
		if ( onChange ) {
			onChange( select.value );
		} else {
			setKey( f, key, select.value || null );
		}
	} );
	return select;
}

function renderEditor( f, i ) {
	var box = el( 'div', { className: 'arsh-b-editor' } );
	var types = TYPE_LABELS();
	box.appendChild(
		row(
			i,
			'type',
			__( 'Type', 'arshline-sidecar' ),
			selectControl(
				f,
				i,
				'type',
				TYPES.map( function ( t ) {
					return [ t, types[ t ] || t ];
				} ),
				function ( type ) {
					changeType( f, type );
					renderFields();
					changed();
				}
			)
		)
	);
	if ( 'html' === f.type || 'section' === f.type ) {
		box.appendChild( row( i, 'label', 'section' === f.type ? __( 'Section title', 'arshline-sidecar' ) : __( 'Name of the block (not shown)', 'arshline-sidecar' ), textControl( f, i, 'label', { max: 500 } ) ) );
	} else {
		box.appendChild( row( i, 'label', __( 'Question', 'arshline-sidecar' ), textControl( f, i, 'label', { max: 500 } ) ) );
	}
	if ( allowed( f.type, 'help_text' ) ) {
		box.appendChild( row( i, 'help_text', 'section' === f.type ? __( 'Description', 'arshline-sidecar' ) : __( 'Help text', 'arshline-sidecar' ), textControl( f, i, 'help_text', { multiline: true, rows: 2, max: 1000 } ) ) );
	}
	if ( allowed( f.type, 'placeholder' ) && NOT_ANSWERABLE.indexOf( f.type ) < 0 ) {
		box.appendChild( row( i, 'placeholder', __( 'Placeholder', 'arshline-sidecar' ), textControl( f, i, 'placeholder', { max: 200 } ) ) );
	}
	if ( allowed( f.type, 'required' ) && NOT_ANSWERABLE.indexOf( f.type ) < 0 ) {
		var req = el( 'input', { type: 'checkbox', id: inputId( i, 'required' ) } );
		req.checked = !! f.required;
		req.addEventListener( 'change', function () {
			setKey( f, 'required', req.checked ? true : null );
		} );
		box.appendChild( el( 'p', { className: 'arsh-b-row arsh-b-check' }, [ req, ' ', el( 'label', { for: req.id, text: __( 'Required', 'arshline-sidecar' ) } ) ] ) );
	}
	typeControls( f, i, box );
	if ( allowed( f.type, 'page' ) ) {
		box.appendChild( row( i, 'page', __( 'Page', 'arshline-sidecar' ), textControl( f, i, 'page', { type: 'number', integer: true, minimum: 1, maximum: 20 } ), __( '1 to 20; empty is page 1.', 'arshline-sidecar' ) ) );
	}
	if ( allowed( f.type, 'show_if' ) ) {
		box.appendChild( showIfControls( f, i ) );
	}
	return box;
}

function typeControls( f, i, box ) {
	var fmt = formatLabels();
	if ( allowed( f.type, 'format' ) ) {
		box.appendChild(
			row(
				i,
				'format',
				__( 'Answer format', 'arshline-sidecar' ),
				selectControl(
					f,
					i,
					'format',
					[ [ '', __( 'Any text', 'arshline-sidecar' ) ] ].concat(
						FORMATS.map( function ( k ) {
							return [ k, fmt[ k ] ];
						} )
					)
				)
			)
		);
	}
	if ( allowed( f.type, 'min_length' ) ) {
		box.appendChild( row( i, 'min_length', __( 'Shortest answer (characters)', 'arshline-sidecar' ), textControl( f, i, 'min_length', { type: 'number', integer: true, minimum: 0, maximum: 10000 } ) ) );
	}
	if ( allowed( f.type, 'max_length' ) ) {
		box.appendChild( row( i, 'max_length', __( 'Longest answer (characters)', 'arshline-sidecar' ), textControl( f, i, 'max_length', { type: 'number', integer: true, minimum: 1, maximum: 10000 } ) ) );
	}
	if ( allowed( f.type, 'unique' ) ) {
		var uniq = el( 'input', { type: 'checkbox', id: inputId( i, 'unique' ) } );
		uniq.checked = !! f.unique;
		uniq.addEventListener( 'change', function () {
			setKey( f, 'unique', uniq.checked ? true : null );
		} );
		box.appendChild(
			el( 'p', { className: 'arsh-b-row arsh-b-check arsh-b-row-unique' }, [
				uniq,
				' ',
				el( 'label', { for: uniq.id, text: __( 'One answer per person (a repeated answer is refused)', 'arshline-sidecar' ) } ),
				el( 'span', {
					className: 'description',
					text:
						' ' +
						__( 'Compared as typed any way: Persian or Latin digits, +98 or 0 before a mobile. Entries received before this is ticked are not checked; erasing an entry or marking it spam frees its answer.', 'arshline-sidecar' ),
				} ),
			] )
		);
	}
	if ( 'number' === f.type ) {
		box.appendChild( row( i, 'min', __( 'Smallest number', 'arshline-sidecar' ), textControl( f, i, 'min', { type: 'number', step: 'any' } ) ) );
		box.appendChild( row( i, 'max', __( 'Largest number', 'arshline-sidecar' ), textControl( f, i, 'max', { type: 'number', step: 'any' } ) ) );
		box.appendChild( row( i, 'step', __( 'Step', 'arshline-sidecar' ), textControl( f, i, 'step', { type: 'number', step: 'any', minimum: 0 } ) ) );
	}
	if ( 'date' === f.type ) {
		box.appendChild(
			row(
				i,
				'calendar',
				__( 'Calendar', 'arshline-sidecar' ),
				selectControl( f, i, 'calendar', [
					[ 'jalali', __( 'Jalali (Persian)', 'arshline-sidecar' ) ],
					[ 'gregorian', __( 'Gregorian', 'arshline-sidecar' ) ],
				] )
			)
		);
		var hint = __( 'YYYY-MM-DD in the chosen calendar, for example 1404-01-01.', 'arshline-sidecar' );
		box.appendChild( row( i, 'min', __( 'First day allowed', 'arshline-sidecar' ), textControl( f, i, 'min', { ltr: true, placeholder: 'YYYY-MM-DD', parse: dateValue } ), hint ) );
		box.appendChild( row( i, 'max', __( 'Last day allowed', 'arshline-sidecar' ), textControl( f, i, 'max', { ltr: true, placeholder: 'YYYY-MM-DD', parse: dateValue } ) ) );
	}
	if ( allowed( f.type, 'options' ) ) {
		box.appendChild( optionsEditor( f, i ) );
	}
	if ( allowed( f.type, 'min_select' ) ) {
		box.appendChild( row( i, 'min_select', __( 'Fewest choices', 'arshline-sidecar' ), textControl( f, i, 'min_select', { type: 'number', integer: true, minimum: 0, maximum: 50 } ) ) );
		box.appendChild( row( i, 'max_select', __( 'Most choices', 'arshline-sidecar' ), textControl( f, i, 'max_select', { type: 'number', integer: true, minimum: 1, maximum: 50 } ) ) );
	}
	if ( 'file' === f.type ) {
		box.appendChild(
			row(
				i,
				'accept',
				__( 'Accepted file types', 'arshline-sidecar' ),
				textControl( f, i, 'accept', {
					ltr: true,
					join: ', ',
					placeholder: 'image/*, application/pdf',
					parse: function ( raw ) {
						var list = raw
							.split( /[\s,،]+/ )
							.map( trim )
							.filter( Boolean );
						return list.length ? list : null;
					},
				} ),
				__( 'MIME types separated by commas; empty accepts any.', 'arshline-sidecar' )
			)
		);
		box.appendChild( row( i, 'max_size_kb', __( 'Largest file (KB)', 'arshline-sidecar' ), textControl( f, i, 'max_size_kb', { type: 'number', integer: true, minimum: 1, maximum: 51200 } ) ) );
		box.appendChild( row( i, 'max_files', __( 'Most files', 'arshline-sidecar' ), textControl( f, i, 'max_files', { type: 'number', integer: true, minimum: 1, maximum: 10 } ) ) );
	}
	if ( 'rating' === f.type ) {
		var scale = f.scale || { min: 1, max: 5 };
		var minSel = el( 'select', { id: inputId( i, 'scale-min' ) } );
		[ 0, 1 ].forEach( function ( v ) {
			minSel.appendChild( el( 'option', { value: String( v ), text: num( v ) } ) );
		} );
		var maxSel = el( 'select', { id: inputId( i, 'scale-max' ) } );
		for ( var m = 2; m <= 10; m++ ) {
			maxSel.appendChild( el( 'option', { value: String( m ), text: num( m ) } ) );
		}
		minSel.value = String( scale.min );
		maxSel.value = String( scale.max );
		var update = function () {
			setKey( f, 'scale', { min: Number( minSel.value ), max: Number( maxSel.value ) } );
		};
		minSel.addEventListener( 'change', update );
		maxSel.addEventListener( 'change', update );
		box.appendChild( row( i, 'scale-min', __( 'Scale from', 'arshline-sidecar' ), minSel ) );
		box.appendChild( row( i, 'scale-max', __( 'Scale to', 'arshline-sidecar' ), maxSel ) );
	}
	if ( 'matrix' === f.type ) {
		box.appendChild( row( i, 'rows', __( 'Rows (one per line)', 'arshline-sidecar' ), textControl( f, i, 'rows', { multiline: true, rows: 4, lines: true, join: '\n' } ) ) );
		box.appendChild( row( i, 'cols', __( 'Columns (one per line)', 'arshline-sidecar' ), textControl( f, i, 'cols', { multiline: true, rows: 3, lines: true, join: '\n' } ) ) );
	}
	if ( 'html' === f.type ) {
		box.appendChild( row( i, 'html', __( 'Content (HTML; cleaned when saved)', 'arshline-sidecar' ), textControl( f, i, 'html', { multiline: true, rows: 5, max: 20000, ltr: true } ) ) );
	}
}

function dateValue( raw ) {
	var digits = String( raw ).replace( /[۰-۹]/g, function ( d ) {
		return String( d.charCodeAt( 0 ) - 0x06f0 );
	} );
	return digits.trim() || null;
}

function optionsEditor( f, i ) {
	var wrap = el( 'fieldset', { className: 'arsh-b-options' }, [ el( 'legend', { text: __( 'Options', 'arshline-sidecar' ) } ) ] );
	var list = el( 'ol', { className: 'arsh-b-option-list' } );
	var options = Array.isArray( f.options ) ? f.options : ( f.options = [] );
	options.forEach( function ( o, j ) {
		var input = el( 'input', { type: 'text', className: 'regular-text', maxlength: 300, id: inputId( i, 'opt-' + j ), 'aria-label': sprintf( __( 'Option %s', 'arshline-sidecar' ), num( j + 1 ) ) } );
		input.value = o.label || '';
		input.addEventListener( 'input', function () {
			o.label = input.value;
			changed();
		} );
		var reorder = function ( to, dir ) {
			var moved = options.splice( j, 1 )[ 0 ];
			options.splice( to, 0, moved );
			changed();
			renderFields();
			var again = $( inputId( i, 'opt-' + to + '-' + dir ) );
			( again && ! again.disabled ? again : $( inputId( i, 'opt-' + to ) ) ).focus();
		};
		var up = button( '↑', sprintf( __( 'Move option %s up', 'arshline-sidecar' ), num( j + 1 ) ), function () {
			reorder( j - 1, 'up' );
		} );
		up.id = inputId( i, 'opt-' + j + '-up' );
		up.disabled = 0 === j;
		var down = button( '↓', sprintf( __( 'Move option %s down', 'arshline-sidecar' ), num( j + 1 ) ), function () {
			reorder( j + 1, 'down' );
		} );
		down.id = inputId( i, 'opt-' + j + '-down' );
		down.disabled = j === options.length - 1;
		var del = button( '×', sprintf( __( 'Remove option %s', 'arshline-sidecar' ), num( j + 1 ) ), function () {
			options.splice( j, 1 );
			changed();
			renderFields();
			var next = $( inputId( i, 'opt-' + Math.min( j, options.length - 1 ) ) ) || $( inputId( i, 'opt-add' ) );
			if ( next ) {
				next.focus();
			}
		} );
		del.disabled = options.length <= 1;
		list.appendChild( el( 'li', {}, [ input, ' ', el( 'code', { dir: 'ltr', className: 'arsh-b-optval', title: __( 'Stored value', 'arshline-sidecar' ), text: o.value } ), ' ', up, ' ', down, ' ', del ] ) );
	} );
	wrap.appendChild( list );
	var add = button( __( 'Add option', 'arshline-sidecar' ), __( 'Add option', 'arshline-sidecar' ), function () {
		options.push( { value: nextOptionValue( f ), label: sprintf( __( 'Option %s', 'arshline-sidecar' ), num( options.length + 1 ) ) } );
		changed();
		renderFields();
		var input = $( inputId( i, 'opt-' + ( options.length - 1 ) ) );
		if ( input ) {
			input.focus();
			input.select();
		}
	} );
	add.id = inputId( i, 'opt-add' );
	add.disabled = options.length >= 50;
	wrap.appendChild( el( 'p', {}, [ add ] ) );
	return wrap;
}

/** The condition: shown only when an earlier answerable field's answer matches. */
function showIfControls( f, i ) {
	var wrap = el( 'fieldset', { className: 'arsh-b-showif' }, [ el( 'legend', { text: __( 'Show this field', 'arshline-sidecar' ) } ) ] );
	var earlier = B.doc.fields.slice( 0, i ).filter( function ( g ) {
		return NOT_ANSWERABLE.indexOf( g.type ) < 0;
	} );
	var cond = f.show_if || null;
	var fieldSel = el( 'select', { id: inputId( i, 'showif-field' ) } );
	fieldSel.appendChild( el( 'option', { value: '', text: __( 'Always', 'arshline-sidecar' ) } ) );
	earlier.forEach( function ( g ) {
		fieldSel.appendChild( el( 'option', { value: g.id, text: sprintf( __( 'When “%1$s” (%2$s)', 'arshline-sidecar' ), fieldLabel( g ), g.id ) } ) );
	} );
	fieldSel.value = cond ? cond.field : '';
	if ( cond && fieldSel.value !== cond.field ) {
		// A condition on a field that is no longer earlier: shown so it can be fixed.
		fieldSel.appendChild( el( 'option', { value: cond.field, text: sprintf( __( 'Field %s (not an earlier field)', 'arshline-sidecar' ), cond.field ) } ) );
		fieldSel.value = cond.field;
	}
	fieldSel.addEventListener( 'change', function () {
		if ( ! fieldSel.value ) {
			setKey( f, 'show_if', null );
		} else {
			var target = findField( fieldSel.value );
			var opt = target && Array.isArray( target.options ) && target.options[ 0 ];
			setKey( f, 'show_if', { field: fieldSel.value, op: opt ? 'equals' : 'answered', value: opt ? opt.value : null } );
			if ( null === f.show_if.value ) {
				delete f.show_if.value;
			}
		}
		renderFields();
		var again = $( inputId( i, 'showif-field' ) );
		if ( again ) {
			again.focus();
		}
	} );
	wrap.appendChild( el( 'p', {}, [ el( 'label', { for: fieldSel.id, text: __( 'Condition on', 'arshline-sidecar' ) } ), fieldSel ] ) );
	if ( ! earlier.length && ! cond ) {
		wrap.appendChild( el( 'p', { className: 'description', text: __( 'A condition needs an answerable field before this one.', 'arshline-sidecar' ) } ) );
	}
	if ( ! cond ) {
		return wrap;
	}
	var ops = opLabels();
	var opSel = el( 'select', { id: inputId( i, 'showif-op' ) } );
	OPS.forEach( function ( op ) {
		opSel.appendChild( el( 'option', { value: op, text: ops[ op ] } ) );
	} );
	opSel.value = cond.op;
	opSel.addEventListener( 'change', function () {
		var next = { field: cond.field, op: opSel.value };
		var target = findField( cond.field );
		var first = target && Array.isArray( target.options ) && target.options[ 0 ] ? target.options[ 0 ].value : '';
		if ( 'in' === opSel.value ) {
			next.value = Array.isArray( cond.value ) ? cond.value : cond.value ? [ cond.value ] : first ? [ first ] : [];
		} else if ( 'answered' !== opSel.value ) {
			next.value = Array.isArray( cond.value ) ? cond.value[ 0 ] || first : undefined !== cond.value ? cond.value : first;
		}
		setKey( f, 'show_if', next );
		renderFields();
		var again = $( inputId( i, 'showif-op' ) );
		if ( again ) {
			again.focus();
		}
	} );
	wrap.appendChild( el( 'p', {}, [ el( 'label', { for: opSel.id, text: __( 'Condition', 'arshline-sidecar' ) } ), opSel ] ) );
	if ( 'answered' === cond.op ) {
		return wrap;
	}
	var target = findField( cond.field );
	var options = target && Array.isArray( target.options ) ? target.options : null;
	if ( options && 'in' === cond.op ) {
		var set = el( 'fieldset', { className: 'arsh-b-showif-values' }, [ el( 'legend', { text: __( 'Answers', 'arshline-sidecar' ) } ) ] );
		var chosen = Array.isArray( cond.value ) ? cond.value.map( String ) : [];
		options.forEach( function ( o, k ) {
			var box = el( 'input', { type: 'checkbox', id: inputId( i, 'showif-v' + k ), value: o.value } );
			box.checked = chosen.indexOf( String( o.value ) ) >= 0;
			box.addEventListener( 'change', function () {
				var picked = options
					.filter( function ( x, kk ) {
						return $( inputId( i, 'showif-v' + kk ) ).checked;
					} )
					.map( function ( x ) {
						return x.value;
					} );
				cond.value = picked;
				changed();
			} );
			set.appendChild( el( 'span', { className: 'arsh-b-showif-value' }, [ box, ' ', el( 'label', { for: box.id }, [ bdi( o.label ) ] ) ] ) );
		} );
		wrap.appendChild( set );
	} else if ( options ) {
		var valSel = el( 'select', { id: inputId( i, 'showif-value' ) } );
		options.forEach( function ( o ) {
			valSel.appendChild( el( 'option', { value: o.value, text: o.label } ) );
		} );
		valSel.value = String( cond.value );
		valSel.addEventListener( 'change', function () {
			cond.value = valSel.value;
			changed();
		} );
		wrap.appendChild( el( 'p', {}, [ el( 'label', { for: valSel.id, text: __( 'Answer', 'arshline-sidecar' ) } ), valSel ] ) );
	} else {
		var input = el( 'input', { type: 'text', className: 'regular-text', id: inputId( i, 'showif-value' ) } );
		input.value = Array.isArray( cond.value ) ? cond.value.join( ', ' ) : null === cond.value || undefined === cond.value ? '' : String( cond.value );
		input.addEventListener( 'input', function () {
			cond.value =
				'in' === cond.op
					? input.value
							.split( /[,،]/ )
							.map( trim )
							.filter( Boolean )
					: input.value;
			changed();
		} );
		wrap.appendChild( el( 'p', {}, [ el( 'label', { for: input.id, text: 'in' === cond.op ? __( 'Answers (separated by commas)', 'arshline-sidecar' ) : __( 'Answer', 'arshline-sidecar' ) } ), input ] ) );
	}
	return wrap;
}

function findField( id ) {
	return B.doc.fields.filter( function ( g ) {
		return g.id === id;
	} )[ 0 ];
}

/* ---------- structure ---------- */

function addField() {
	var type = $( 'arsh-b-type' ).value || 'text';
	var f = newField( type );
	var at = B.open >= 0 ? B.open + 1 : B.doc.fields.length;
	B.doc.fields.splice( at, 0, f );
	shiftViolations( at, 1 );
	B.open = at;
	changed();
	renderPreview();
	renderFields();
	var input = $( inputId( at, 'label' ) );
	if ( input ) {
		input.focus();
		input.select();
	}
	message( $( 'arsh-builder-msg' ), 'info', sprintf( __( 'Field %1$s added at position %2$s.', 'arshline-sidecar' ), f.id, num( at + 1 ) ) );
}

function shiftViolations( from, by ) {
	var next = { general: B.violations.general || [] };
	Object.keys( B.violations ).forEach( function ( k ) {
		if ( 'general' === k ) {
			return;
		}
		var n = Number( k );
		if ( n >= from ) {
			if ( by < 0 && n === from ) {
				return;
			}
			next[ n + by ] = B.violations[ k ];
		} else {
			next[ n ] = B.violations[ k ];
		}
	} );
	B.violations = next;
}

function moveField( from, to, focusDir ) {
	if ( to < 0 || to >= B.doc.fields.length ) {
		return;
	}
	var openField = B.open >= 0 ? B.doc.fields[ B.open ] : null;
	var f = B.doc.fields.splice( from, 1 )[ 0 ];
	B.doc.fields.splice( to, 0, f );
	B.violations = { general: B.violations.general || [] };
	B.open = openField ? B.doc.fields.indexOf( openField ) : -1;
	changed();
	renderPreview();
	renderFields();
	if ( focusDir ) {
		var target = $( inputId( to, focusDir ) );
		if ( ! target || target.disabled ) {
			target = $( inputId( to, 'toggle' ) );
		}
		if ( target ) {
			target.focus();
		}
	}
	var late = B.doc.fields.filter( function ( g, k ) {
		return g.show_if && B.doc.fields.slice( k ).some( function ( h ) {
			return h.id === g.show_if.field;
		} );
	} );
	message(
		$( 'arsh-builder-msg' ),
		late.length ? 'warning' : 'info',
		sprintf( __( 'Field moved to position %s.', 'arshline-sidecar' ), num( to + 1 ) ) + ( late.length ? ' ' + __( 'A condition now names a later field; fix it before saving.', 'arshline-sidecar' ) : '' )
	);
}

function removeField( i ) {
	var f = B.doc.fields[ i ];
	B.doc.fields.splice( i, 1 );
	shiftViolations( i, -1 );
	var cleared = 0;
	B.doc.fields.forEach( function ( g ) {
		if ( g.show_if && g.show_if.field === f.id ) {
			delete g.show_if;
			cleared++;
		}
	} );
	B.open = -1;
	changed();
	renderPreview();
	renderFields();
	var next = $( inputId( Math.min( i, B.doc.fields.length - 1 ), 'toggle' ) ) || $( 'arsh-b-type' );
	next.focus();
	var text = sprintf( __( 'Field %s removed; saving makes it final.', 'arshline-sidecar' ), f.id );
	if ( cleared ) {
		text += ' ' + sprintf( _n( 'The condition of %s field named it and was removed.', 'The conditions of %s fields named it and were removed.', cleared, 'arshline-sidecar' ), num( cleared ) );
	}
	message( $( 'arsh-builder-msg' ), 'info', text );
}

/* ---------- saving ---------- */

function save() {
	var box = $( 'arsh-builder-msg' );
	var buttonEl = $( 'arsh-b-save' );
	var data = { document: B.doc, expected_version_id: B.versionId };
	if ( B.title !== B.form.title ) {
		data.title = B.title;
	}
	if ( ! B.title.trim() ) {
		message( box, 'error', __( 'The form needs a title.', 'arshline-sidecar' ) );
		$( 'arsh-b-title' ).focus();
		return Promise.resolve();
	}
	busy( buttonEl, true );
	return call( { path: '/arshline/v1/forms/' + encodeURIComponent( B.id ) + '/document', method: 'POST', data: data } ).then( function ( r ) {
		busy( buttonEl, false );
		var err = ( r.body && r.body.data ) || {};
		if ( ! r.ok && 'CONFLICT' === err.error ) {
			conflict();
			return;
		}
		if ( ! r.ok && Array.isArray( err.violations ) && err.violations.length ) {
			placeViolations( err.violations );
			return;
		}
		if ( ! r.ok ) {
			showError( box, r, save );
			updateDirty();
			return;
		}
		var form = r.body.form || r.body;
		var open = B.open;
		load( form );
		B.open = open < B.doc.fields.length ? open : -1;
		renderAll();
		message( box, 'success', sprintf( __( 'Saved as version %s.', 'arshline-sidecar' ), num( form.head_seq || form.version_count ) ) );
		loadForms();
	} );
}

function conflict() {
	var box = $( 'arsh-builder-msg' );
	message( box, 'error', __( 'This form changed since you opened it; reload it to see the other change. Your edits are not saved.', 'arshline-sidecar' ) );
	var reload = el( 'button', { type: 'button', className: 'button', id: 'arsh-b-reload', text: __( 'Reload the form', 'arshline-sidecar' ) } );
	reload.addEventListener( 'click', function () {
		B.saved = snapshot();
		openBuilder( B.id );
	} );
	box.firstChild.appendChild( el( 'p', {}, [ reload ] ) );
	reload.focus();
}

/** Puts each violation next to its field (path /fields/N/…); the rest on top. */
function placeViolations( list ) {
	B.violations = { general: [] };
	var first = -1;
	list.forEach( function ( v ) {
		var m = /^\/fields\/(\d+)(\/|$)/.exec( String( v.path || '' ) );
		if ( m && Number( m[ 1 ] ) < B.doc.fields.length ) {
			var n = Number( m[ 1 ] );
			( B.violations[ n ] = B.violations[ n ] || [] ).push( v );
			first = first < 0 ? n : Math.min( first, n );
		} else {
			B.violations.general.push( v );
		}
	} );
	if ( first >= 0 ) {
		B.open = first;
	}
	renderFields();
	message(
		$( 'arsh-builder-msg' ),
		'error',
		sprintf( _n( 'The form was not saved: %s problem needs fixing (marked below).', 'The form was not saved: %s problems need fixing (marked below).', list.length, 'arshline-sidecar' ), num( list.length ) )
	);
	var target = first >= 0 ? $( inputId( first, 'errors' ) ) : null;
	if ( target && target.scrollIntoView ) {
		target.scrollIntoView( { block: 'center' } );
	}
	var focus = first >= 0 ? $( inputId( first, 'label' ) ) : null;
	if ( focus ) {
		focus.focus();
	}
}

/* ---------- Hosha2 in the builder ---------- */

function renderAi() {
	var on = !! B.llm;
	show( $( 'arsh-b-ai-form' ), on );
	show( $( 'arsh-b-ai-off' ), ! on );
}

function onAiEdit( event ) {
	event.preventDefault();
	var box = $( 'arsh-b-ai-msg' );
	var prompt = $( 'arsh-b-ai-prompt' ).value.trim();
	if ( ! prompt ) {
		message( box, 'error', __( 'Describe the change first.', 'arshline-sidecar' ) );
		$( 'arsh-b-ai-prompt' ).focus();
		return;
	}
	if ( isDirty() ) {
		message( box, 'warning', __( 'Save your changes first: the AI edits the saved form.', 'arshline-sidecar' ) );
		return;
	}
	var run = $( 'arsh-b-ai-run' );
	busy( run, true );
	show( $( 'arsh-b-ai-diff' ), false );
	B.beforeEdit = { versionId: B.versionId, state: { title: B.form.title, status: B.form.status, document: JSON.parse( JSON.stringify( B.doc ) ) } };
	message( box, 'info', __( 'Asking the AI model…', 'arshline-sidecar' ) );
	call( {
		path: '/hosha2/v1/forms/' + encodeURIComponent( B.id ) + '/edit',
		method: 'POST',
		headers: { 'X-Hosha2-Nonce': nonces.edit },
		data: { prompt: prompt, options: { locale: locale, secondary_validation: $( 'arsh-b-ai-secondary' ).checked } },
	} ).then( function ( r ) {
		if ( ! r.ok ) {
			busy( run, false );
			showError( box, r, function () {
				onAiEdit( { preventDefault: function () {} } );
			} );
			return;
		}
		B.job = r.body.request_id;
		if ( r.body.data && r.body.data.final_form ) {
			aiDone();
			return;
		}
		aiPoll();
	} );
}

function aiPoll() {
	var job = B.job;
	if ( ! job ) {
		return;
	}
	call( { path: '/hosha2/v1/requests/' + encodeURIComponent( job ) + '/progress' } ).then( function ( r ) {
		if ( B.job !== job ) {
			return;
		}
		var box = $( 'arsh-b-ai-msg' );
		if ( ! r.ok ) {
			var d = describe( r );
			if ( d.retry && 499 !== r.status ) {
				B.pollTimer = window.setTimeout( aiPoll, POLL_MS * 3 );
				return;
			}
			aiEnd();
			showError( box, r );
			return;
		}
		var p = r.body;
		var status = String( p.status || '' );
		message( box, 'info', sprintf( __( 'Working on it: %s percent', 'arshline-sidecar' ), num( Math.round( ( Number( p.progress_percent ) || 0 ) * 100 ) ) ) );
		if ( [ 'done', 'succeeded', 'completed', 'success' ].indexOf( status ) >= 0 ) {
			aiDone();
			return;
		}
		if ( [ 'failed', 'error', 'cancelled', 'canceled' ].indexOf( status ) >= 0 ) {
			aiEnd();
			var err = p.error && 'object' === typeof p.error ? p.error : { message: p.error };
			message( box, 'error', err.message || __( 'The AI could not make this change.', 'arshline-sidecar' ) );
			return;
		}
		B.pollTimer = window.setTimeout( aiPoll, POLL_MS );
	} );
}

function aiEnd() {
	B.job = null;
	window.clearTimeout( B.pollTimer );
	busy( $( 'arsh-b-ai-run' ), false );
}

/** The edit is saved as a version: show what changed, to keep or take back. */
function aiDone() {
	aiEnd();
	var box = $( 'arsh-b-ai-msg' );
	call( { path: '/arshline/v1/forms/' + encodeURIComponent( B.id ) } ).then( function ( r ) {
		if ( ! r.ok ) {
			showError( box, r );
			return;
		}
		var form = r.body.form || r.body;
		var lines = describeChanges( B.beforeEdit.state, { title: form.title, status: form.status, document: form.document }, null );
		var list = $( 'arsh-b-ai-list' );
		clear( list );
		lines.forEach( function ( line ) {
			list.appendChild( el( 'li', { className: 'arsh-diff-' + line.kind }, line.parts ) );
		} );
		B.aiForm = form;
		message( box, 'success', __( 'The AI made this change. Keep it, or take it back.', 'arshline-sidecar' ) );
		show( $( 'arsh-b-ai-diff' ), true );
		$( 'arsh-b-ai-diff-title' ).focus();
		// The preview shows the changed form until the admin decides.
		showServerPreview( $( 'arsh-b-preview' ), B.id, form.document || {}, form.title || B.title );
	} );
}

function aiKeep() {
	show( $( 'arsh-b-ai-diff' ), false );
	$( 'arsh-b-ai-prompt' ).value = '';
	load( B.aiForm );
	renderAll();
	message( $( 'arsh-b-ai-msg' ), 'success', __( 'The change is kept.', 'arshline-sidecar' ) );
	loadForms();
}

function aiDiscard() {
	var buttonEl = $( 'arsh-b-ai-discard' );
	busy( buttonEl, true );
	call( {
		path: '/hosha2/v1/forms/' + encodeURIComponent( B.id ) + '/versions/' + encodeURIComponent( B.beforeEdit.versionId ) + '/rollback',
		method: 'POST',
	} ).then( function ( r ) {
		busy( buttonEl, false );
		if ( ! r.ok ) {
			showError( $( 'arsh-b-ai-msg' ), r, aiDiscard );
			return;
		}
		show( $( 'arsh-b-ai-diff' ), false );
		B.saved = snapshot();
		openBuilder( B.id ).then( function () {
			message( $( 'arsh-b-ai-msg' ), 'success', __( 'The change was taken back; the form is as it was (as a new version).', 'arshline-sidecar' ) );
		} );
		loadForms();
	} );
}

/* ---------- navigation ---------- */

/** '#builder/ID' or '#builder/ID/INDEX'. */
export function routeFromHash() {
	var m = /^#builder\/(\d+)(?:\/(\d+))?$/.exec( window.location.hash || '' );
	if ( m ) {
		openBuilder( Number( m[ 1 ] ), undefined === m[ 2 ] ? undefined : Number( m[ 2 ] ) );
	}
}

export function initBuilder() {
	if ( ! $( 'arsh-builder' ) ) {
		return;
	}
	var types = TYPE_LABELS();
	var typeSel = $( 'arsh-b-type' );
	TYPES.forEach( function ( t ) {
		typeSel.appendChild( el( 'option', { value: t, text: types[ t ] || t } ) );
	} );
	$( 'arsh-b-add' ).addEventListener( 'click', addField );
	$( 'arsh-b-save' ).addEventListener( 'click', save );
	$( 'arsh-b-close' ).addEventListener( 'click', closeBuilder );
	$( 'arsh-b-title' ).addEventListener( 'input', function () {
		B.title = $( 'arsh-b-title' ).value;
		updateDirty();
	} );
	$( 'arsh-b-ai-form' ).addEventListener( 'submit', onAiEdit );
	$( 'arsh-b-ai-keep' ).addEventListener( 'click', aiKeep );
	$( 'arsh-b-ai-discard' ).addEventListener( 'click', aiDiscard );
	$( 'arsh-builder' ).addEventListener( 'keydown', function ( e ) {
		if ( 's' === e.key && ( e.ctrlKey || e.metaKey ) && B.doc ) {
			e.preventDefault();
			if ( isDirty() ) {
				save();
			}
		}
	} );
	window.addEventListener( 'beforeunload', function ( e ) {
		if ( isDirty() ) {
			e.preventDefault();
			e.returnValue = '';
		}
	} );
	window.addEventListener( 'hashchange', routeFromHash );
	if ( ! /^#builder\//.test( window.location.hash || '' ) && formId ) {
		openBuilder( formId );
		return;
	}
	routeFromHash();
}
