package io.mobula.processor;

import com.sun.source.tree.ArrayAccessTree;
import com.sun.source.tree.ArrayTypeTree;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.BinaryTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.CompoundAssignmentTree;
import com.sun.source.tree.ConditionalExpressionTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.ImportTree;
import com.sun.source.tree.LiteralTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.NewArrayTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.ParameterizedTypeTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.PrimitiveTypeTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.TypeCastTree;
import com.sun.source.tree.UnaryTree;
import com.sun.source.tree.VariableTree;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Resolves names and static types in one method body from the parsed trees and javax.lang.model alone, without
 * attributing the body: javac attributes classes once, after annotation processing, and an early attribution
 * would report each warning of the class twice. Everything it cannot resolve with certainty is {@code null}, and
 * {@link NonBlockingAnalysis} treats null as "may block", so the resolver may be incomplete but never wrong.
 */
final class BodyResolver {
    private final Elements elements;
    private final Types types;
    private final CompilationUnitTree unit;
    private final TypeElement owner;
    /** Parameters and locals by name; a name declared twice with different types maps to null (unknown). */
    private final Map<String, TypeMirror> variables = new HashMap<>();

    BodyResolver(Elements elements, Types types, CompilationUnitTree unit, TypeElement owner, ExecutableElement method) {
        this.elements = elements;
        this.types = types;
        this.unit = unit;
        this.owner = owner;
        method.getParameters().forEach(p -> variables.put(p.getSimpleName().toString(), p.asType()));
    }

    TypeElement owner() {
        return owner;
    }

    /** The compilation unit of the analysed body. */
    CompilationUnitTree unit() {
        return unit;
    }

    /** Records a local variable; {@code var} takes the type of its initializer. */
    void declare(VariableTree v) {
        String name = v.getName().toString();
        TypeMirror t = v.getType() == null || isVar(v.getType()) ? typeOf(v.getInitializer()) : resolveType(v.getType());
        // Locals are tracked without block scopes: where the name could mean something else once the block
        // ends (another local, a field, a type), its type is unknown.
        if (variables.containsKey(name) && !same(variables.get(name), t)
                || field(owner, name) != null || resolveTypeName(name) != null) {
            t = null;
        }
        variables.put(name, t);
    }

    private static boolean isVar(Tree type) {
        return type instanceof IdentifierTree i && i.getName().contentEquals("var");
    }

    private boolean same(TypeMirror a, TypeMirror b) {
        return a != null && b != null && types.isSameType(a, b);
    }

    // ---- types named in the source --------------------------------------------------------------------

    /** The type a type tree names, or null. */
    TypeMirror resolveType(Tree tree) {
        if (tree == null) {
            return null;
        }
        return switch (tree) {
            case PrimitiveTypeTree p -> p.getPrimitiveTypeKind().isPrimitive()
                    ? types.getPrimitiveType(p.getPrimitiveTypeKind()) : null;
            case ArrayTypeTree a -> {
                TypeMirror component = resolveType(a.getType());
                yield component == null ? null : types.getArrayType(component);
            }
            case ParameterizedTypeTree p -> {
                TypeMirror raw = resolveType(p.getType());
                yield raw == null ? null : types.erasure(raw);
            }
            case IdentifierTree i -> {
                TypeElement t = resolveTypeName(i.getName().toString());
                yield t == null ? null : types.erasure(t.asType());
            }
            case MemberSelectTree s -> {
                TypeElement t = elements.getTypeElement(s.toString());
                yield t == null ? null : types.erasure(t.asType());
            }
            default -> null;
        };
    }

    /**
     * A simple type name as JLS 6.4/7.5 scope it: member types of the class and its enclosing classes, then
     * single-type imports, then the package, then on-demand imports and java.lang. Type variables: null.
     */
    TypeElement resolveTypeName(String name) {
        for (Element e = owner; e instanceof TypeElement t; e = t.getEnclosingElement()) {
            if (t.getTypeParameters().stream().anyMatch(p -> p.getSimpleName().contentEquals(name))) {
                return null;
            }
            for (TypeElement member : ElementFilter.typesIn(elements.getAllMembers(t))) {
                if (member.getSimpleName().contentEquals(name)) {
                    return member;
                }
            }
            if (t.getSimpleName().contentEquals(name)) {
                return t;
            }
        }
        List<TypeElement> onDemand = new ArrayList<>();
        for (ImportTree i : unit.getImports()) {
            if (i.isStatic() || !(i.getQualifiedIdentifier() instanceof MemberSelectTree s)) {
                continue;
            }
            if (s.getIdentifier().contentEquals(name)) {
                return elements.getTypeElement(s.toString());
            }
            if (s.getIdentifier().contentEquals("*")) {
                TypeElement t = elements.getTypeElement(s.getExpression() + "." + name);
                if (t != null) {
                    onDemand.add(t);
                }
            }
        }
        String pkg = unit.getPackageName() == null ? "" : unit.getPackageName() + ".";
        TypeElement inPackage = elements.getTypeElement(pkg + name);
        if (inPackage != null) {
            return inPackage;
        }
        TypeElement lang = elements.getTypeElement("java.lang." + name);
        if (lang != null) {
            onDemand.add(lang);
        }
        return onDemand.size() == 1 ? onDemand.get(0) : null; // two on-demand matches: ambiguous
    }

    /** The type an expression names when it is a type (for {@code Math.max}), or null when it is a value. */
    TypeElement typeNamedBy(ExpressionTree e) {
        if (e instanceof IdentifierTree i) {
            String n = i.getName().toString();
            return variables.containsKey(n) || field(owner, n) != null ? null : resolveTypeName(n);
        }
        if (e instanceof MemberSelectTree s && !startsWithValue(s)) {
            return elements.getTypeElement(s.toString()); // a qualified name such as java.util.Arrays
        }
        return null;
    }

    /** Whether the leftmost name of {@code a.b.c} is a variable, or the chain is no plain name at all. */
    private boolean startsWithValue(ExpressionTree e) {
        ExpressionTree left = e;
        while (left instanceof MemberSelectTree s) {
            left = s.getExpression();
        }
        if (!(left instanceof IdentifierTree i)) {
            return true;
        }
        String n = i.getName().toString();
        return variables.containsKey(n) || field(owner, n) != null || resolveTypeName(n) != null;
    }

    /** The field a simple name, {@code this.name} or {@code Type.name} denotes (never a local), or null. */
    VariableElement fieldOf(ExpressionTree e) {
        if (e instanceof ParenthesizedTree p) {
            return fieldOf(p.getExpression());
        }
        if (e instanceof IdentifierTree i) {
            String n = i.getName().toString();
            return variables.containsKey(n) ? null : field(owner, n);
        }
        if (e instanceof MemberSelectTree s) {
            String n = s.getIdentifier().toString();
            if (s.getExpression() instanceof IdentifierTree t && t.getName().contentEquals("this")) {
                return ElementFilter.fieldsIn(elements.getAllMembers(owner)).stream()
                        .filter(f -> f.getSimpleName().contentEquals(n)).findFirst().orElse(null);
            }
            TypeElement type = typeNamedBy(s.getExpression());
            return type == null ? null : field(type, n);
        }
        return null;
    }

    /**
     * The value of a compile-time constant expression (JLS 15.29) made of literals, constant fields, unary
     * minus and parentheses; null when the expression is anything else. Locals are never treated as constants.
     */
    Object constantValue(ExpressionTree e) {
        return switch (e) {
            case null -> null;
            case ParenthesizedTree p -> constantValue(p.getExpression());
            case LiteralTree l -> l.getValue();
            case UnaryTree u when u.getKind() == Tree.Kind.UNARY_MINUS -> switch (constantValue(u.getExpression())) {
                case Integer i -> -i;
                case Long l -> -l;
                case null, default -> null;
            };
            case IdentifierTree i -> fieldOf(i) instanceof VariableElement f ? f.getConstantValue() : null;
            case MemberSelectTree s -> fieldOf(s) instanceof VariableElement f ? f.getConstantValue() : null;
            default -> null;
        };
    }

    /** Whether {@code name} is a parameter or local variable of the analysed body (seen so far). */
    boolean isLocal(String name) {
        return variables.containsKey(name);
    }

    // ---- static types of expressions --------------------------------------------------------------------

    /** The static type of an expression, or null if not known for sure. */
    TypeMirror typeOf(ExpressionTree e) {
        if (e == null) {
            return null;
        }
        return switch (e) {
            case ParenthesizedTree p -> typeOf(p.getExpression());
            case LiteralTree l -> literal(l);
            case IdentifierTree i -> identifier(i.getName().toString());
            case MemberSelectTree s -> select(s);
            case TypeCastTree c -> resolveType(c.getType());
            case AssignmentTree a -> typeOf(a.getVariable());
            case CompoundAssignmentTree a -> typeOf(a.getVariable());
            case ArrayAccessTree a -> typeOf(a.getExpression()) instanceof ArrayType t ? t.getComponentType() : null;
            case NewArrayTree n -> n.getType() == null ? null : types.getArrayType(arrayOf(resolveType(n.getType()),
                    n.getDimensions().size() - 1));
            case NewClassTree n -> n.getClassBody() == null ? resolveType(n.getIdentifier()) : null;
            case MethodInvocationTree m -> returnType(m);
            case ConditionalExpressionTree c -> {
                TypeMirror a = typeOf(c.getTrueExpression());
                yield same(a, typeOf(c.getFalseExpression())) ? a : null;
            }
            case UnaryTree u -> unary(u);
            case BinaryTree b -> binary(b);
            default -> e.getKind() == Tree.Kind.INSTANCE_OF ? types.getPrimitiveType(TypeKind.BOOLEAN) : null;
        };
    }

    private TypeMirror arrayOf(TypeMirror t, int dims) {
        TypeMirror r = t;
        for (int i = 0; r != null && i < dims; i++) {
            r = types.getArrayType(r);
        }
        return r;
    }

    private TypeMirror literal(LiteralTree l) {
        return switch (l.getKind()) {
            case STRING_LITERAL -> string(); // text blocks are string literals too
            case INT_LITERAL -> types.getPrimitiveType(TypeKind.INT);
            case LONG_LITERAL -> types.getPrimitiveType(TypeKind.LONG);
            case FLOAT_LITERAL -> types.getPrimitiveType(TypeKind.FLOAT);
            case DOUBLE_LITERAL -> types.getPrimitiveType(TypeKind.DOUBLE);
            case BOOLEAN_LITERAL -> types.getPrimitiveType(TypeKind.BOOLEAN);
            case CHAR_LITERAL -> types.getPrimitiveType(TypeKind.CHAR);
            default -> null; // null literal
        };
    }

    private TypeMirror string() {
        return elements.getTypeElement("java.lang.String").asType();
    }

    private TypeMirror identifier(String name) {
        if (name.equals("this")) {
            return owner.asType();
        }
        if (variables.containsKey(name)) {
            return variables.get(name);
        }
        VariableElement f = field(owner, name);
        return f == null ? null : f.asType();
    }

    private TypeMirror select(MemberSelectTree s) {
        String name = s.getIdentifier().toString();
        TypeElement type = typeNamedBy(s.getExpression());
        if (type != null) {
            VariableElement f = field(type, name);
            return f == null ? null : f.asType();
        }
        TypeMirror target = typeOf(s.getExpression());
        if (target instanceof ArrayType && name.equals("length")) {
            return types.getPrimitiveType(TypeKind.INT);
        }
        if (target instanceof DeclaredType d) {
            VariableElement f = field((TypeElement) d.asElement(), name);
            return f == null ? null : types.erasure(f.asType());
        }
        return null;
    }

    private TypeMirror unary(UnaryTree u) {
        TypeMirror t = typeOf(u.getExpression());
        if (u.getKind() == Tree.Kind.LOGICAL_COMPLEMENT) {
            return types.getPrimitiveType(TypeKind.BOOLEAN);
        }
        return t != null && t.getKind().isPrimitive() ? promote(t, t) : null;
    }

    private TypeMirror binary(BinaryTree b) {
        switch (b.getKind()) {
            case EQUAL_TO, NOT_EQUAL_TO, LESS_THAN, LESS_THAN_EQUAL, GREATER_THAN, GREATER_THAN_EQUAL,
                    CONDITIONAL_AND, CONDITIONAL_OR:
                return types.getPrimitiveType(TypeKind.BOOLEAN);
            default:
                break;
        }
        TypeMirror l = typeOf(b.getLeftOperand());
        TypeMirror r = typeOf(b.getRightOperand());
        if (b.getKind() == Tree.Kind.PLUS && (isString(l) || isString(r))) {
            return string();
        }
        if (l == null || r == null) {
            return null;
        }
        l = unboxed(l);
        r = unboxed(r);
        if (!l.getKind().isPrimitive() || !r.getKind().isPrimitive()) {
            return null;
        }
        if (l.getKind() == TypeKind.BOOLEAN) {
            return l; // &, |, ^ on booleans
        }
        return switch (b.getKind()) {
            case LEFT_SHIFT, RIGHT_SHIFT, UNSIGNED_RIGHT_SHIFT -> promote(l, l);
            default -> promote(l, r);
        };
    }

    private TypeMirror unboxed(TypeMirror t) {
        try {
            return t.getKind() == TypeKind.DECLARED ? types.unboxedType(t) : t;
        } catch (IllegalArgumentException notABox) {
            return t;
        }
    }

    /** Binary numeric promotion (JLS 5.6). */
    private TypeMirror promote(TypeMirror a, TypeMirror b) {
        for (TypeKind k : List.of(TypeKind.DOUBLE, TypeKind.FLOAT, TypeKind.LONG)) {
            if (a.getKind() == k || b.getKind() == k) {
                return types.getPrimitiveType(k);
            }
        }
        return types.getPrimitiveType(TypeKind.INT);
    }

    static boolean isString(TypeMirror t) {
        return t instanceof DeclaredType d
                && ((TypeElement) d.asElement()).getQualifiedName().contentEquals("java.lang.String");
    }

    /** The erased return type when every candidate agrees; null otherwise. */
    private TypeMirror returnType(MethodInvocationTree m) {
        List<ExecutableElement> candidates = select(candidates(m), m.getArguments());
        if (candidates == null || candidates.isEmpty()) {
            return null;
        }
        TypeMirror r = types.erasure(candidates.get(0).getReturnType());
        for (ExecutableElement c : candidates) {
            if (!types.isSameType(r, types.erasure(c.getReturnType()))) {
                return null;
            }
        }
        return r.getKind() == TypeKind.TYPEVAR ? null : r;
    }

    // ---- methods and constructors ------------------------------------------------------------------------

    /**
     * Every method the call could resolve to (same name, applicable arity), or null when the receiver is not
     * known. A call without receiver looks in the class only (and static imports): inherited or enclosing
     * methods come back as candidates the caller must judge.
     */
    List<ExecutableElement> candidates(MethodInvocationTree call) {
        ExpressionTree select = call.getMethodSelect();
        int arity = call.getArguments().size();
        if (select instanceof IdentifierTree i) {
            String name = i.getName().toString();
            // JLS 15.12.1: the innermost class with a method of that name, then static imports
            for (Element c = owner; c instanceof TypeElement t; c = t.getEnclosingElement()) {
                if (ElementFilter.methodsIn(elements.getAllMembers(t)).stream()
                        .anyMatch(m -> m.getSimpleName().contentEquals(name))) {
                    return methods(t, name, arity);
                }
            }
            return staticImports(name, arity);
        }
        if (!(select instanceof MemberSelectTree s)) {
            return null;
        }
        String name = s.getIdentifier().toString();
        ExpressionTree receiver = s.getExpression();
        if (receiver instanceof IdentifierTree r && r.getName().contentEquals("this")) {
            return methods(owner, name, arity);
        }
        if (receiver instanceof IdentifierTree r && r.getName().contentEquals("super")) {
            return null;
        }
        TypeElement type = typeNamedBy(receiver);
        if (type != null) {
            return methods(type, name, arity);
        }
        TypeMirror t = typeOf(receiver);
        if (t instanceof DeclaredType d) {
            return methods((TypeElement) d.asElement(), name, arity);
        }
        return null; // arrays are handled by the caller; anything else is unknown
    }

    /**
     * Narrows candidates to those overload resolution could pick (JLS 15.12.2, simplified): applicable by
     * subtyping and widening alone, else with boxing; then the most specific. When an argument type is unknown
     * or varargs are involved, every candidate is kept, so the caller must accept them all.
     */
    List<ExecutableElement> select(List<ExecutableElement> candidates, List<? extends ExpressionTree> args) {
        if (candidates == null) {
            return null;
        }
        List<TypeMirror> argTypes = new ArrayList<>();
        for (ExpressionTree a : args) {
            TypeMirror t = typeOf(a);
            if (t == null) {
                return candidates;
            }
            argTypes.add(t);
        }
        if (candidates.stream().anyMatch(ExecutableElement::isVarArgs)) {
            return candidates;
        }
        List<ExecutableElement> phase1 = candidates.stream().filter(m -> accepts(m, argTypes, false)).toList();
        List<ExecutableElement> applicable = phase1.isEmpty()
                ? candidates.stream().filter(m -> accepts(m, argTypes, true)).toList() : phase1;
        return applicable.stream()
                .filter(m -> applicable.stream().noneMatch(o -> o != m && moreSpecific(o, m) && !moreSpecific(m, o)))
                .toList();
    }

    private boolean accepts(ExecutableElement m, List<TypeMirror> args, boolean boxing) {
        for (int i = 0; i < args.size(); i++) {
            if (!compatible(args.get(i), m.getParameters().get(i).asType(), boxing)) {
                return false;
            }
        }
        return true;
    }

    private boolean moreSpecific(ExecutableElement a, ExecutableElement b) {
        for (int i = 0; i < a.getParameters().size(); i++) {
            if (!compatible(a.getParameters().get(i).asType(), b.getParameters().get(i).asType(), false)) {
                return false;
            }
        }
        return true;
    }

    private boolean compatible(TypeMirror from, TypeMirror to, boolean boxing) {
        TypeMirror f = types.erasure(from);
        TypeMirror t = types.erasure(to);
        if (boxing) {
            return types.isAssignable(f, t);
        }
        if (f.getKind().isPrimitive() != t.getKind().isPrimitive()) {
            return false;
        }
        return f.getKind().isPrimitive() ? types.isAssignable(f, t) : types.isSubtype(f, t);
    }

    /** The constructors {@code new T(args)} could call, or null if T is not known. */
    List<ExecutableElement> constructors(NewClassTree n) {
        TypeMirror t = resolveType(n.getIdentifier());
        if (!(t instanceof DeclaredType d)) {
            return null;
        }
        int arity = n.getArguments().size();
        return ElementFilter.constructorsIn(d.asElement().getEnclosedElements()).stream()
                .filter(c -> applicable(c, arity)).toList();
    }

    private List<ExecutableElement> methods(TypeElement type, String name, int arity) {
        return ElementFilter.methodsIn(elements.getAllMembers(type)).stream()
                .filter(m -> m.getSimpleName().contentEquals(name) && applicable(m, arity)).toList();
    }

    private static boolean applicable(ExecutableElement m, int arity) {
        int n = m.getParameters().size();
        return n == arity || m.isVarArgs() && arity >= n - 1;
    }

    /** Methods brought in by {@code import static T.name} or {@code import static T.*}. */
    private List<ExecutableElement> staticImports(String name, int arity) {
        List<ExecutableElement> found = new ArrayList<>();
        for (ImportTree i : unit.getImports()) {
            if (i.isStatic() && i.getQualifiedIdentifier() instanceof MemberSelectTree s
                    && (s.getIdentifier().contentEquals(name) || s.getIdentifier().contentEquals("*"))) {
                TypeElement t = elements.getTypeElement(s.getExpression().toString());
                if (t == null) {
                    return null;
                }
                found.addAll(methods(t, name, arity));
            }
        }
        return found.isEmpty() ? null : found;
    }

    private VariableElement field(TypeElement type, String name) {
        for (Element e = type; e instanceof TypeElement t; e = t.getEnclosingElement()) {
            for (VariableElement f : ElementFilter.fieldsIn(elements.getAllMembers(t))) {
                if (f.getSimpleName().contentEquals(name)) {
                    return f;
                }
            }
            if (type != owner) {
                break; // outer fields are in scope only for the analysed class's own body
            }
        }
        return null;
    }
}
