package craps

import (
	"bytes"
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// MarshalJSON writes the rules as one JSON object whose keys are the
// fields' names in snake_case ("buy_commission", "stay_up": {"big6_and8":
// "off"}), every field at its zero value, which is the default, left out:
// the standard table is {}. Payouts are written "7:6", sets of totals as
// ParseOutcomeSet reads them, switches and the other choices by name
// ("on", "stake", "returned", "nearest"), a set of kinds as a list of
// names, the field's payouts as an object keyed by total ({"12": "2:1"}),
// the limits and all-bets as lists. UnmarshalJSON reads it back, equal.
func (r Rules) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	if err := encodeRule(&b, reflect.ValueOf(r)); err != nil {
		return nil, fmt.Errorf("craps: marshal rules: %w", err)
	}
	return b.Bytes(), nil
}

// UnmarshalJSON reads rules as MarshalJSON writes them, and as versions
// up to v0.1.0 wrote them (the Go field names, every field, choices as
// numbers), so that tables and results saved then still read. A key it
// does not know, or a value that cannot be read, is an error wrapping
// ErrSyntax; the rules are not validated (NewTable and Simulate do that).
func (r *Rules) UnmarshalJSON(data []byte) error {
	var v Rules
	if err := decodeRule(data, reflect.ValueOf(&v).Elem(), "rules"); err != nil {
		return fmt.Errorf("craps: %w", err)
	}
	*r = v
	return nil
}

// ruleChoices are the names of the rules' enumerations, by value, as
// their JSON writes them (the rule keys of the command read the same).
var ruleChoices = map[reflect.Type][]string{
	reflect.TypeFor[Switch]():           {"default", "on", "off"},
	reflect.TypeFor[LayLimit]():         {"win", "stake"},
	reflect.TypeFor[CommissionBase]():   {"standard", "bet", "win"},
	reflect.TypeFor[CommissionTiming](): {"upfront", "win", "returned", "takedown"},
	reflect.TypeFor[Rounding]():         {"down", "nearest", "up"},
}

var (
	textMarshaler   = reflect.TypeFor[encoding.TextMarshaler]()
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
	jsonMarshaler   = reflect.TypeFor[json.Marshaler]()
	jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()
	kindSetType     = reflect.TypeFor[KindSet]()
)

// snakeCase writes a Go field name in snake_case: "BuyCommission" is
// "buy_commission", "ATS" "ats", "Big6And8" "big6_and8".
func snakeCase(name string) string {
	r := []rune(name)
	var b strings.Builder
	for i, c := range r {
		if unicode.IsUpper(c) && i > 0 &&
			(!unicode.IsUpper(r[i-1]) || (i+1 < len(r) && unicode.IsLower(r[i+1]))) {
			b.WriteByte('_')
		}
		b.WriteRune(unicode.ToLower(c))
	}
	return b.String()
}

// encodeRule writes v, a value that is not zero or the whole Rules.
func encodeRule(b *bytes.Buffer, v reflect.Value) error {
	t := v.Type()
	if names, ok := ruleChoices[t]; ok {
		n := v.Uint()
		if n >= uint64(len(names)) {
			return fmt.Errorf("%s %d is none of %q", t.Name(), n, names)
		}
		b.WriteString(strconv.Quote(names[n]))
		return nil
	}
	switch {
	case t == kindSetType:
		var names []string
		for k := BetKind(1); k < numKinds; k++ {
			if v.Interface().(KindSet).Has(k) {
				names = append(names, k.String())
			}
		}
		data, err := json.Marshal(names)
		b.Write(data)
		return err
	case t != reflect.TypeFor[Rules]() && (t.Implements(jsonMarshaler) || t.Implements(textMarshaler)):
		data, err := json.Marshal(v.Interface())
		b.Write(data)
		return err
	}
	switch t.Kind() {
	case reflect.Struct:
		b.WriteByte('{')
		first := true
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() || v.Field(i).IsZero() {
				continue
			}
			if !first {
				b.WriteByte(',')
			}
			first = false
			b.WriteString(strconv.Quote(snakeCase(f.Name)) + ":")
			if err := encodeRule(b, v.Field(i)); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	case reflect.Array:
		last := v.Len() - 1
		for last >= 0 && v.Index(last).IsZero() {
			last--
		}
		if t.Elem().Kind() == reflect.Struct && !t.Elem().Implements(textMarshaler) {
			// A list, its entries in place: {} for an unused one before
			// the last used.
			b.WriteByte('[')
			for i := 0; i <= last; i++ {
				if i > 0 {
					b.WriteByte(',')
				}
				if err := encodeRule(b, v.Index(i)); err != nil {
					return err
				}
			}
			b.WriteByte(']')
			return nil
		}
		// An object of the entries set, by index: the field's payouts
		// by total.
		b.WriteByte('{')
		first := true
		for i := 0; i <= last; i++ {
			if v.Index(i).IsZero() {
				continue
			}
			if !first {
				b.WriteByte(',')
			}
			first = false
			b.WriteString(strconv.Quote(strconv.Itoa(i)) + ":")
			if err := encodeRule(b, v.Index(i)); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	default:
		data, err := json.Marshal(v.Interface())
		b.Write(data)
		return err
	}
	return nil
}

// decodeRule reads data into v, which path names in errors.
func decodeRule(data []byte, v reflect.Value, path string) error {
	t := v.Type()
	bad := func(why string) error { return fmt.Errorf("%s: %s: %w", path, why, ErrSyntax) }
	data = bytes.TrimSpace(data)
	if names, ok := ruleChoices[t]; ok {
		var name string
		if err := json.Unmarshal(data, &name); err == nil {
			i := slices.Index(names, name)
			if i < 0 {
				return bad(fmt.Sprintf("%q is none of %q", name, names))
			}
			v.SetUint(uint64(i))
			return nil
		}
		var n uint8 // as versions up to v0.1.0 wrote it
		if err := json.Unmarshal(data, &n); err != nil || int(n) >= len(names) {
			return bad(fmt.Sprintf("%s is none of %q", data, names))
		}
		v.SetUint(uint64(n))
		return nil
	}
	switch {
	case t == kindSetType:
		var names []string
		if err := json.Unmarshal(data, &names); err == nil {
			var s KindSet
			for _, name := range names {
				k, err := ParseBetKind(name)
				if err != nil {
					return bad(err.Error())
				}
				s |= Kinds(k)
			}
			v.SetUint(uint64(s))
			return nil
		}
		var n uint64 // versions up to v0.1.0 wrote the bits
		if err := json.Unmarshal(data, &n); err != nil {
			return bad(fmt.Sprintf("%s is not a list of kinds of bet", data))
		}
		v.SetUint(n)
		return nil
	case t != reflect.TypeFor[Rules]() && (reflect.PointerTo(t).Implements(jsonUnmarshaler) || reflect.PointerTo(t).Implements(textUnmarshaler)):
		if err := json.Unmarshal(data, v.Addr().Interface()); err != nil {
			return bad(strings.TrimPrefix(err.Error(), "craps: "))
		}
		return nil
	}
	switch t.Kind() {
	case reflect.Struct:
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(data, &obj); err != nil {
			return bad("not an object")
		}
		fields := map[string]int{}
		for i := range t.NumField() {
			if f := t.Field(i); f.IsExported() {
				fields[snakeCase(f.Name)] = i
				fields[f.Name] = i // as versions up to v0.1.0 wrote it
			}
		}
		keys := slices.Sorted(func(yield func(string) bool) {
			for k := range obj {
				if !yield(k) {
					return
				}
			}
		})
		for _, k := range keys {
			i, ok := fields[k]
			if !ok {
				return bad(fmt.Sprintf("unknown key %q", k))
			}
			if err := decodeRule(obj[k], v.Field(i), path+"."+k); err != nil {
				return err
			}
		}
	case reflect.Array:
		var list []json.RawMessage
		if err := json.Unmarshal(data, &list); err == nil {
			if len(list) > v.Len() {
				return bad(fmt.Sprintf("%d entries, at most %d", len(list), v.Len()))
			}
			for i, e := range list {
				if err := decodeRule(e, v.Index(i), fmt.Sprintf("%s[%d]", path, i)); err != nil {
					return err
				}
			}
			return nil
		}
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(data, &obj); err != nil {
			return bad("neither a list nor an object")
		}
		for k, e := range obj {
			i, err := strconv.Atoi(k)
			if err != nil || i < 0 || i >= v.Len() || strconv.Itoa(i) != k {
				return bad(fmt.Sprintf("key %q is not an index from 0 to %d", k, v.Len()-1))
			}
			if err := decodeRule(e, v.Index(i), path+"."+k); err != nil {
				return err
			}
		}
	default:
		if err := json.Unmarshal(data, v.Addr().Interface()); err != nil {
			return bad(fmt.Sprintf("%s is not a %s", data, t.Kind()))
		}
	}
	return nil
}
