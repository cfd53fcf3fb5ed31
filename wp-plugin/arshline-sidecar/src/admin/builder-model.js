/**
 * The Build tab's state as pure functions: the reducer, its action
 * creators and its selectors (builder-store.js registers them as the
 * @wordpress/data store the question list, the question editor, the
 * preview and the AI change box share), and the reading of the form
 * document's schema into what the editor offers. Nothing here imports
 * WordPress or touches the page, so node --test runs it as it is; the
 * texts a new question starts with are given by the caller, in the
 * page's language.
 */

/* ---------- the schema ---------- */

function nonNull( list ) {
	return ( list || [] ).filter( ( v ) => null !== v );
}

/**
 * What the editor needs of the document schema (forms.schema): the
 * types in their order, the keys each type may carry, each key's own
 * schema, the shapes of an option, a scale and a condition, and the
 * limits. Returns null when the schema has no field definition.
 */
export function readSchema( schema ) {
	const defs = ( schema && ( schema.$defs || schema.definitions ) ) || {};
	const field = defs.field;
	if ( ! field || ! field.properties || ! field.properties.type ) {
		return null;
	}
	const types = nonNull( field.properties.type.enum );
	const keys = {};
	( field.allOf || [] ).forEach( function ( rule ) {
		const type = rule && rule.if && rule.if.properties && rule.if.properties.type && rule.if.properties.type.const;
		const names = rule && rule.then && rule.then.propertyNames && rule.then.propertyNames.enum;
		if ( type && Array.isArray( names ) ) {
			keys[ type ] = names.slice();
		}
	} );
	types.forEach( function ( t ) {
		if ( ! keys[ t ] ) {
			// No rule for the type: every key of a field is allowed.
			keys[ t ] = Object.keys( field.properties );
		}
	} );
	const showIf = ( defs.show_if && defs.show_if.properties ) || {};
	return {
		types,
		keys,
		props: field.properties,
		option: ( defs.option && defs.option.properties ) || {},
		scale: ( defs.scale && defs.scale.properties ) || {},
		ops: nonNull( showIf.op && showIf.op.enum ),
		limits: ( schema && schema[ 'x-limits' ] ) || {},
		// Types whose questions have no answer (a heading, a block of text):
		// a condition cannot name them and they are never required.
		displayOnly: nonNull( field.properties.type[ 'x-display-only' ] ),
		titleMax: ( schema && schema[ 'x-limits' ] && schema[ 'x-limits' ].max_title_chars ) || 0,
	};
}

/** Whether a field of type may carry key, by the schema read with readSchema. */
export function allows( info, type, key ) {
	return !! info && Array.isArray( info.keys[ type ] ) && info.keys[ type ].indexOf( key ) >= 0;
}

/** Whether respondents answer a field of this type, by the schema's x-display-only. */
export function answerable( info, type ) {
	return ! info || info.displayOnly.indexOf( type ) < 0;
}

/** The JSON types a key's schema allows, null left out. */
export function jsonTypes( prop ) {
	if ( ! prop ) {
		return [];
	}
	const t = Array.isArray( prop.type ) ? prop.type : prop.type ? [ prop.type ] : [];
	return t.filter( ( x ) => 'null' !== x );
}

/* ---------- documents ---------- */

function copy( value ) {
	return JSON.parse( JSON.stringify( value ) );
}

/** A form's document as the editor keeps it: the version, a list of fields. */
export function normalDocument( doc ) {
	const d = copy( doc && 'object' === typeof doc && ! Array.isArray( doc ) ? doc : {} );
	d.version = d.version || 'arshline_form@v1';
	d.fields = Array.isArray( d.fields ) ? d.fields.filter( ( f ) => f && 'object' === typeof f ) : [];
	return d;
}

/** The highest field number ever given: meta.field_seq, or an id fN. */
function highestFieldNumber( doc ) {
	const meta = doc.meta && 'object' === typeof doc.meta && ! Array.isArray( doc.meta ) ? doc.meta : {};
	let high = Number( meta.field_seq ) || 0;
	doc.fields.forEach( function ( f ) {
		const m = /^f(\d+)$/.exec( String( f.id || '' ) );
		if ( m ) {
			high = Math.max( high, Number( m[ 1 ] ) );
		}
	} );
	return high;
}

/** The next field id of doc and the doc that remembers it (ids are never reused). */
function takeFieldId( doc ) {
	const n = highestFieldNumber( doc ) + 1;
	const meta = doc.meta && 'object' === typeof doc.meta && ! Array.isArray( doc.meta ) ? doc.meta : {};
	return { id: 'f' + n, doc: Object.assign( {}, doc, { meta: Object.assign( {}, meta, { field_seq: n } ) } ) };
}

/** The next option value of field f: o1, o2, …, past any it had since the form was opened. */
function nextOptionValue( f, used ) {
	let high = used || 0;
	( Array.isArray( f.options ) ? f.options : [] ).forEach( function ( o ) {
		const m = /^o(\d+)$/.exec( String( ( o && o.value ) || '' ) );
		if ( m ) {
			high = Math.max( high, Number( m[ 1 ] ) );
		}
	} );
	return high + 1;
}

/** Sets or, for an empty value, removes key of f (a copy). */
function withKey( f, key, value ) {
	const next = Object.assign( {}, f );
	if ( null === value || undefined === value || '' === value || ( 'number' === typeof value && isNaN( value ) ) || ( Array.isArray( value ) && ! value.length ) ) {
		delete next[ key ];
	} else {
		next[ key ] = value;
	}
	return next;
}

/**
 * A field's keys filled for its type: the label, and what the type
 * needs to be answerable (two options, a row and two columns, a scale,
 * a calendar). texts gives the words in the page's language: label
 * (by type), option(n), row(n), column(n).
 */
function filled( info, f, texts, usedOptions ) {
	let next = Object.assign( {}, f );
	const type = next.type;
	const used = { n: usedOptions || 0 };
	if ( ! next.label ) {
		next.label = ( texts.label && texts.label( type ) ) || type;
	}
	if ( allows( info, type, 'options' ) && ! Array.isArray( next.options ) ) {
		next.options = [];
		[ 1, 2 ].forEach( function ( k ) {
			used.n = nextOptionValue( next, used.n );
			next.options = next.options.concat( [ { value: 'o' + used.n, label: texts.option ? texts.option( k ) : 'Option ' + k } ] );
		} );
	}
	if ( allows( info, type, 'rows' ) && ! Array.isArray( next.rows ) ) {
		next.rows = [ texts.row ? texts.row( 1 ) : 'Row 1' ];
	}
	if ( allows( info, type, 'cols' ) && ! Array.isArray( next.cols ) ) {
		next.cols = [ 1, 2 ].map( ( k ) => ( texts.column ? texts.column( k ) : 'Column ' + k ) );
	}
	if ( allows( info, type, 'scale' ) && ! next.scale ) {
		const lo = info.scale.min || {};
		const hi = info.scale.max || {};
		next.scale = { min: Math.max( Number( lo.minimum ) || 0, Math.min( 1, Number( lo.maximum ) || 1 ) ), max: Math.max( Number( hi.minimum ) || 2, Math.min( 5, Number( hi.maximum ) || 5 ) ) };
	}
	if ( allows( info, type, 'calendar' ) && ! next.calendar ) {
		const calendars = nonNull( info.props.calendar && info.props.calendar.enum );
		if ( calendars.length ) {
			next.calendar = calendars[ 0 ];
		}
	}
	if ( allows( info, type, 'html' ) && 'string' !== typeof next.html ) {
		next.html = '';
	}
	if ( ! answerable( info, type ) ) {
		delete next.required;
	}
	return { field: next, used: used.n };
}

/* ---------- state ---------- */

export const initialState = {
	formId: 0,
	form: null,
	doc: null,
	title: '',
	versionId: 0,
	saved: '',
	selected: '',
	violations: { general: [], fields: {} },
	usedOptions: {},
	schema: null,
	save: { status: 'idle', version: 0 },
	loadError: '',
};

function snapshot( title, doc ) {
	return JSON.stringify( { t: title, d: doc } );
}

function setFields( state, fields, extra ) {
	return Object.assign( {}, state, { doc: Object.assign( {}, state.doc, { fields } ) }, extra || {} );
}

function indexOf( state, id ) {
	return state.doc ? state.doc.fields.findIndex( ( f ) => f.id === id ) : -1;
}

function mapField( state, id, fn ) {
	const at = indexOf( state, id );
	if ( at < 0 ) {
		return state;
	}
	const fields = state.doc.fields.slice();
	fields[ at ] = fn( fields[ at ] );
	return setFields( state, fields );
}

function withoutViolationsOf( state, id ) {
	if ( ! state.violations.fields[ id ] ) {
		return state.violations;
	}
	const fields = Object.assign( {}, state.violations.fields );
	delete fields[ id ];
	return { general: state.violations.general, fields };
}

/** The reducer of the Build tab's store. */
export function reducer( state = initialState, action ) {
	switch ( action.type ) {
		case 'SET_SCHEMA':
			return Object.assign( {}, state, { schema: action.info } );
		case 'LOAD_FAILED':
			return Object.assign( {}, state, { loadError: action.text } );
		case 'LOAD_FORM': {
			const form = action.form || {};
			const doc = normalDocument( form.document );
			const title = String( form.title || '' );
			// The question open before stays open when it is still there.
			const keep = action.keepSelection && doc.fields.some( ( f ) => f.id === state.selected );
			return Object.assign( {}, state, {
				formId: Number( form.id ) || state.formId,
				form,
				doc,
				title,
				versionId: form.head_version_id || 0,
				saved: snapshot( title, doc ),
				selected: keep ? state.selected : '',
				violations: { general: [], fields: {} },
				usedOptions: action.keepSelection ? state.usedOptions : {},
				loadError: '',
			} );
		}
		case 'SET_FORM_META':
			// The form's status or head changed outside the editor (publish, draft).
			return Object.assign( {}, state, { form: Object.assign( {}, state.form, action.form ), versionId: action.form.head_version_id || state.versionId } );
		case 'SET_TITLE':
			return Object.assign( {}, state, { title: String( action.title ) } );
		case 'SELECT':
			return Object.assign( {}, state, { selected: action.id || '' } );
		case 'ADD_FIELD': {
			if ( ! state.doc ) {
				return state;
			}
			const taken = takeFieldId( state.doc );
			const made = filled( state.schema, { id: taken.id, type: action.fieldType }, action.texts || {}, 0 );
			const fields = taken.doc.fields.slice();
			const after = indexOf( state, state.selected );
			const at = after >= 0 ? after + 1 : fields.length;
			fields.splice( at, 0, made.field );
			return Object.assign( {}, state, {
				doc: Object.assign( {}, taken.doc, { fields } ),
				selected: taken.id,
				usedOptions: Object.assign( {}, state.usedOptions, { [ taken.id ]: made.used } ),
			} );
		}
		case 'DUPLICATE_FIELD': {
			const from = indexOf( state, action.id );
			if ( from < 0 ) {
				return state;
			}
			const taken = takeFieldId( state.doc );
			const twin = Object.assign( copy( state.doc.fields[ from ] ), { id: taken.id } );
			const fields = taken.doc.fields.slice();
			fields.splice( from + 1, 0, twin );
			return Object.assign( {}, state, {
				doc: Object.assign( {}, taken.doc, { fields } ),
				selected: taken.id,
				usedOptions: Object.assign( {}, state.usedOptions, { [ taken.id ]: state.usedOptions[ action.id ] || 0 } ),
			} );
		}
		case 'REMOVE_FIELD': {
			const at = indexOf( state, action.id );
			if ( at < 0 ) {
				return state;
			}
			// A condition on the removed question goes with it.
			const fields = state.doc.fields
				.filter( ( f ) => f.id !== action.id )
				.map( ( f ) => ( f.show_if && f.show_if.field === action.id ? withKey( f, 'show_if', null ) : f ) );
			return setFields( state, fields, { selected: state.selected === action.id ? '' : state.selected, violations: withoutViolationsOf( state, action.id ) } );
		}
		case 'MOVE_FIELD': {
			const n = state.doc ? state.doc.fields.length : 0;
			const { from, to } = action;
			if ( from === to || from < 0 || to < 0 || from >= n || to >= n ) {
				return state;
			}
			const fields = state.doc.fields.slice();
			const moved = fields.splice( from, 1 )[ 0 ];
			fields.splice( to, 0, moved );
			return setFields( state, fields );
		}
		case 'SET_KEY':
			return mapField( state, action.id, ( f ) => withKey( f, action.key, action.value ) );
		case 'CHANGE_TYPE': {
			const info = state.schema;
			const used = state.usedOptions[ action.id ] || 0;
			let made = null;
			const next = mapField( state, action.id, function ( f ) {
				const kept = {};
				Object.keys( f ).forEach( function ( k ) {
					if ( ( allows( info, action.fieldType, k ) || 'id' === k ) && null !== f[ k ] ) {
						kept[ k ] = f[ k ];
					}
				} );
				kept.type = action.fieldType;
				made = filled( info, kept, action.texts || {}, used );
				return made.field;
			} );
			return made ? Object.assign( {}, next, { usedOptions: Object.assign( {}, next.usedOptions, { [ action.id ]: made.used } ) } ) : next;
		}
		case 'ADD_OPTION': {
			let used = state.usedOptions[ action.id ] || 0;
			const next = mapField( state, action.id, function ( f ) {
				used = nextOptionValue( f, used );
				return Object.assign( {}, f, { options: ( Array.isArray( f.options ) ? f.options : [] ).concat( [ { value: 'o' + used, label: action.label } ] ) } );
			} );
			return Object.assign( {}, next, { usedOptions: Object.assign( {}, next.usedOptions, { [ action.id ]: used } ) } );
		}
		case 'SET_OPTION_LABEL':
			return mapField( state, action.id, function ( f ) {
				const options = ( f.options || [] ).slice();
				if ( options[ action.index ] ) {
					options[ action.index ] = Object.assign( {}, options[ action.index ], { label: action.label } );
				}
				return Object.assign( {}, f, { options } );
			} );
		case 'MOVE_OPTION':
			return mapField( state, action.id, function ( f ) {
				const options = ( f.options || [] ).slice();
				if ( action.to < 0 || action.to >= options.length || action.from < 0 || action.from >= options.length ) {
					return f;
				}
				const moved = options.splice( action.from, 1 )[ 0 ];
				options.splice( action.to, 0, moved );
				return Object.assign( {}, f, { options } );
			} );
		case 'REMOVE_OPTION': {
			let used = state.usedOptions[ action.id ] || 0;
			const next = mapField( state, action.id, function ( f ) {
				// A removed value is not given again: an old answer keeps its meaning.
				used = Math.max( used, nextOptionValue( f, 0 ) - 1 );
				return Object.assign( {}, f, { options: ( f.options || [] ).filter( ( o, k ) => k !== action.index ) } );
			} );
			return Object.assign( {}, next, { usedOptions: Object.assign( {}, next.usedOptions, { [ action.id ]: used } ) } );
		}
		case 'SET_VIOLATIONS': {
			// Each violation beside its question (path /fields/N/…), kept by the question's id.
			const general = [];
			const fields = {};
			( action.list || [] ).forEach( function ( v ) {
				const m = /^\/fields\/(\d+)(\/|$)/.exec( String( ( v && v.path ) || '' ) );
				const f = m && state.doc ? state.doc.fields[ Number( m[ 1 ] ) ] : null;
				if ( f ) {
					( fields[ f.id ] = fields[ f.id ] || [] ).push( v );
				} else {
					general.push( v );
				}
			} );
			const first = state.doc ? state.doc.fields.find( ( f ) => fields[ f.id ] ) : null;
			return Object.assign( {}, state, { violations: { general, fields }, selected: first ? first.id : state.selected } );
		}
		case 'SET_SAVE':
			return Object.assign( {}, state, { save: Object.assign( { version: 0 }, action.save ) } );
		default:
			return state;
	}
}

/* ---------- actions ---------- */

export const actions = {
	setSchema: ( info ) => ( { type: 'SET_SCHEMA', info } ),
	loadFailed: ( text ) => ( { type: 'LOAD_FAILED', text } ),
	loadForm: ( form, keepSelection ) => ( { type: 'LOAD_FORM', form, keepSelection: !! keepSelection } ),
	setFormMeta: ( form ) => ( { type: 'SET_FORM_META', form } ),
	setTitle: ( title ) => ( { type: 'SET_TITLE', title } ),
	select: ( id ) => ( { type: 'SELECT', id } ),
	addField: ( fieldType, texts ) => ( { type: 'ADD_FIELD', fieldType, texts } ),
	duplicateField: ( id ) => ( { type: 'DUPLICATE_FIELD', id } ),
	removeField: ( id ) => ( { type: 'REMOVE_FIELD', id } ),
	moveField: ( from, to ) => ( { type: 'MOVE_FIELD', from, to } ),
	setKey: ( id, key, value ) => ( { type: 'SET_KEY', id, key, value } ),
	changeType: ( id, fieldType, texts ) => ( { type: 'CHANGE_TYPE', id, fieldType, texts } ),
	addOption: ( id, label ) => ( { type: 'ADD_OPTION', id, label } ),
	setOptionLabel: ( id, index, label ) => ( { type: 'SET_OPTION_LABEL', id, index, label } ),
	moveOption: ( id, from, to ) => ( { type: 'MOVE_OPTION', id, from, to } ),
	removeOption: ( id, index ) => ( { type: 'REMOVE_OPTION', id, index } ),
	setViolations: ( list ) => ( { type: 'SET_VIOLATIONS', list } ),
	setSave: ( save ) => ( { type: 'SET_SAVE', save } ),
};

/* ---------- selectors ---------- */

export const selectors = {
	getFormId: ( state ) => state.formId,
	getForm: ( state ) => state.form,
	getDocument: ( state ) => state.doc,
	getFields: ( state ) => ( state.doc ? state.doc.fields : [] ),
	getField: ( state, id ) => ( state.doc ? state.doc.fields.find( ( f ) => f.id === id ) || null : null ),
	getTitle: ( state ) => state.title,
	getVersionId: ( state ) => state.versionId,
	getSchema: ( state ) => state.schema,
	getSelected: ( state ) => state.selected,
	getLoadError: ( state ) => state.loadError,
	getSave: ( state ) => state.save,
	/** Whether the document or title differ from the saved revision. */
	isDirty: ( state ) => !! state.doc && snapshot( state.title, state.doc ) !== state.saved,
	getGeneralViolations: ( state ) => state.violations.general,
	getFieldViolations: ( state, id ) => state.violations.fields[ id ] || [],
	countViolations: ( state ) => state.violations.general.length + Object.keys( state.violations.fields ).reduce( ( n, k ) => n + state.violations.fields[ k ].length, 0 ),
	/** The answerable questions before the one with id: what its condition may name. */
	getEarlierAnswerable: ( state, id ) => {
		const fields = state.doc ? state.doc.fields : [];
		const at = fields.findIndex( ( f ) => f.id === id );
		return fields.slice( 0, at < 0 ? 0 : at ).filter( ( f ) => answerable( state.schema, f.type ) );
	},
	/** The questions whose condition names a question at or after them. */
	getLateConditions: ( state ) => {
		const fields = state.doc ? state.doc.fields : [];
		return fields.filter( ( f, k ) => f.show_if && fields.slice( k ).some( ( g ) => g.id === f.show_if.field ) );
	},
	/** The questions whose condition names the question with id. */
	getDependents: ( state, id ) => ( state.doc ? state.doc.fields.filter( ( f ) => f.show_if && f.show_if.field === id ) : [] ),
	/** What to send to save: the document, the revision it was made from, the title when changed. */
	getSaveRequest: ( state ) => {
		const data = { document: state.doc, expected_version_id: state.versionId };
		if ( state.form && state.title !== state.form.title ) {
			data.title = state.title;
		}
		return data;
	},
};
