package io.mobula.processor;

import com.sun.source.tree.ArrayAccessTree;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.BinaryTree;
import com.sun.source.tree.BlockTree;
import com.sun.source.tree.CompoundAssignmentTree;
import com.sun.source.tree.EnhancedForLoopTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.ForLoopTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MemberReferenceTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.NewArrayTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.UnaryTree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.TreeScanner;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/**
 * Finds the {@link WriteFacts} of one body of a cloud type (thesis 4.2.2 "Read/write analysis"), conservatively:
 * an assignment to anything but a local is a field assignment; a store into an array element counts unless the
 * array is a local that the body only ever assigns from array creation expressions; a call the analysis cannot
 * resolve, or into code outside the cloud types and a list of JDK classes whose methods change no argument, counts
 * as a write. JDK code given a value that may be a cloud object may call its {@code toString}, {@code equals} or
 * {@code compareTo}, and so depends on their overrides (string concatenation calls {@code toString}). In a
 * constructor ({@code constructor} true) assignments to the new object's own fields, and stores into its arrays
 * created there, do not count: the object is not in the cloud until a write stores it.
 */
final class WriteFactScanner extends TreePathScanner<Void, Void> {
    /** JDK classes whose methods change neither their arguments nor anything a cloud can reach. */
    private static final Set<String> SAFE = Set.of("java.lang.String", "java.lang.Math", "java.lang.StrictMath",
            "java.lang.Integer", "java.lang.Long", "java.lang.Short", "java.lang.Byte", "java.lang.Character",
            "java.lang.Boolean", "java.lang.Float", "java.lang.Double", "java.lang.Number", "java.util.Objects",
            "java.util.Arrays", "java.lang.System", "java.lang.StringBuilder", "java.lang.AbstractStringBuilder");
    /** Types whose methods a cloud object may override: a call may run the override. */
    private static final Set<String> OVERRIDABLE = Set.of("java.lang.Object", "java.lang.Comparable",
            "java.lang.CharSequence", CloudTypes.CLOUD_OBJECT);
    /** java.util.Arrays methods that store into their first argument. */
    private static final Set<String> ARRAY_MUTATORS = Set.of("fill", "sort", "parallelSort", "setAll",
            "parallelSetAll", "parallelPrefix");
    private static final Set<String> VALUES = Set.of("java.lang.String", "java.lang.Integer", "java.lang.Long",
            "java.lang.Short", "java.lang.Byte", "java.lang.Character", "java.lang.Boolean", "java.lang.Float",
            "java.lang.Double");

    private final Elements elements;
    private final BodyResolver resolver;
    private final boolean constructor;
    private final WriteFacts facts = new WriteFacts();
    /** Locals declared in the body and assigned only from array creation expressions. */
    private final Set<String> freshLocals = new HashSet<>();
    /** In a constructor: the object's own fields assigned only from array creation expressions. */
    private final Set<String> freshFields = new HashSet<>();

    private WriteFactScanner(Elements elements, BodyResolver resolver, boolean constructor) {
        this.elements = elements;
        this.resolver = resolver;
        this.constructor = constructor;
    }

    /** The facts of {@code bodies} (a body, or a constructor with the field initializers it runs). */
    static WriteFacts scan(Elements elements, BodyResolver resolver, boolean constructor, List<TreePath> bodies) {
        WriteFactScanner s = new WriteFactScanner(elements, resolver, constructor);
        bodies.forEach(b -> s.freshArrays(b.getLeaf()));
        for (TreePath b : bodies) { // a field initializer: the expression (the field is no local)
            s.scan(b.getLeaf() instanceof VariableTree v ? new TreePath(b, v.getInitializer()) : b, null);
        }
        return s.facts;
    }

    @Override
    public Void visitVariable(VariableTree node, Void unused) {
        super.visitVariable(node, unused);
        resolver.declare(node);
        return null;
    }

    @Override
    public Void visitAssignment(AssignmentTree node, Void unused) {
        target(node.getVariable());
        return super.visitAssignment(node, unused);
    }

    @Override
    public Void visitCompoundAssignment(CompoundAssignmentTree node, Void unused) {
        target(node.getVariable());
        if (node.getKind() == Tree.Kind.PLUS_ASSIGNMENT && BodyResolver.isString(resolver.typeOf(node.getVariable()))) {
            concatenated(node.getExpression());
        }
        return super.visitCompoundAssignment(node, unused);
    }

    @Override
    public Void visitUnary(UnaryTree node, Void unused) {
        switch (node.getKind()) {
            case POSTFIX_INCREMENT, PREFIX_INCREMENT, POSTFIX_DECREMENT, PREFIX_DECREMENT -> target(node.getExpression());
            default -> { }
        }
        return super.visitUnary(node, unused);
    }

    @Override
    public Void visitBinary(BinaryTree node, Void unused) {
        if (node.getKind() == Tree.Kind.PLUS && (BodyResolver.isString(resolver.typeOf(node.getLeftOperand()))
                || BodyResolver.isString(resolver.typeOf(node.getRightOperand())))) {
            concatenated(node.getLeftOperand());
            concatenated(node.getRightOperand());
        }
        return super.visitBinary(node, unused);
    }

    /** An operand of string concatenation: unless a value, its {@code toString} runs. */
    private void concatenated(ExpressionTree operand) {
        if (!isValue(resolver.typeOf(operand))) {
            facts.calls.add(callbacks().get(0));
        }
    }

    /** What an assignment, compound assignment or increment writes to. */
    private void target(ExpressionTree variable) {
        ExpressionTree v = strip(variable);
        if (v instanceof IdentifierTree i && resolver.isLocal(i.getName().toString())) {
            return;
        }
        if (v instanceof ArrayAccessTree a) {
            store(a.getExpression());
            return;
        }
        if (constructor && isOwnField(v)) {
            return;
        }
        facts.assigned.add(v instanceof MemberSelectTree s ? s.getIdentifier().toString() : v.toString());
    }

    /** A store into an element of the array {@code array}. */
    private void store(ExpressionTree array) {
        ExpressionTree a = strip(array);
        if (a instanceof IdentifierTree i && resolver.isLocal(i.getName().toString())) {
            if (freshLocals.contains(i.getName().toString())) {
                return;
            }
        } else if (constructor && isOwnField(a) && freshFields.contains(fieldName(a))) {
            return;
        }
        facts.stored.add(a.toString());
    }

    /** {@code f} or {@code this.f} naming a field of the constructed object's class. */
    private boolean isOwnField(ExpressionTree e) {
        if (e instanceof IdentifierTree i) {
            return !resolver.isLocal(i.getName().toString()) && resolver.fieldOf(i) instanceof VariableElement f
                    && !f.getModifiers().contains(Modifier.STATIC) && f.getEnclosingElement().equals(resolver.owner());
        }
        return e instanceof MemberSelectTree s && strip(s.getExpression()) instanceof IdentifierTree t
                && t.getName().contentEquals("this");
    }

    private static String fieldName(ExpressionTree e) {
        return e instanceof MemberSelectTree s ? s.getIdentifier().toString() : e.toString();
    }

    @Override
    public Void visitMethodInvocation(MethodInvocationTree node, Void unused) {
        ExpressionTree select = node.getMethodSelect();
        if (select instanceof IdentifierTree i && (i.getName().contentEquals("super") || i.getName().contentEquals("this"))) {
            TypeElement type = i.getName().contentEquals("this") ? resolver.owner() : CloudTypes.superclass(resolver.owner());
            constructorCall(type, node.getArguments());
            return super.visitMethodInvocation(node, unused);
        }
        if (select instanceof MemberSelectTree s && resolver.typeOf(s.getExpression()) instanceof ArrayType) {
            return super.visitMethodInvocation(node, unused); // clone, length, equals...: arrays have no writes
        }
        boolean exact = select instanceof MemberSelectTree s && strip(s.getExpression()) instanceof IdentifierTree r
                && r.getName().contentEquals("super");
        List<ExecutableElement> targets = exact ? superMethods((MemberSelectTree) select, node.getArguments().size())
                : resolver.select(resolver.candidates(node), node.getArguments());
        if (targets == null || targets.isEmpty()) {
            facts.unfollowed.add("makes a call the analysis cannot resolve (" + select + ")");
            return super.visitMethodInvocation(node, unused);
        }
        List<ExecutableElement> followed = new ArrayList<>();
        for (ExecutableElement t : targets) {
            TypeElement owner = (TypeElement) t.getEnclosingElement();
            String ownerName = owner.getQualifiedName().toString();
            if (ownerName.equals(CloudTypes.CLOUD_OBJECT) && CloudTypes.CLOUD_NOTIFY.contains(t.getSimpleName().toString())) {
                facts.synced.add(t.getSimpleName().toString());
            } else if (ownerName.equals(CloudTypes.CLOUD_OBJECT) && t.getSimpleName().contentEquals(CloudTypes.CLOUD_WAIT)) {
                if (!t.getParameters().isEmpty()) {
                    facts.timedWait = true; // a read may wait with a timeout, a write may not (ReadWriteAnalysis)
                }
            } else if (isCloudType(owner) || OVERRIDABLE.contains(ownerName)) {
                followed.add(t);
            } else if (SAFE.contains(ownerName)) {
                jdkCall(ownerName, t.getSimpleName().toString(), node.getArguments());
            } else {
                facts.unfollowed.add("calls " + ownerName + "." + t.getSimpleName() + ", which the analysis does not"
                        + " follow");
            }
        }
        if (!followed.isEmpty()) {
            facts.calls.add(new WriteFacts.Call(List.copyOf(followed), exact, WriteFacts.Via.CALL));
        }
        return super.visitMethodInvocation(node, unused);
    }

    /** A JDK method that changes nothing but maybe an array argument, and may call back into cloud objects. */
    private void jdkCall(String owner, String name, List<? extends ExpressionTree> args) {
        if (owner.equals("java.lang.System") && name.equals("arraycopy") && args.size() == 5) {
            store(args.get(2));
        } else if (owner.equals("java.util.Arrays") && ARRAY_MUTATORS.contains(name) && !args.isEmpty()) {
            store(args.get(0));
        }
        if (args.stream().anyMatch(a -> !isValue(resolver.typeOf(a)))) {
            facts.calls.addAll(callbacks());
        }
    }

    private void constructorCall(TypeElement type, List<? extends ExpressionTree> args) {
        if (type == null) {
            return;
        }
        List<ExecutableElement> ctors = ElementFilter.constructorsIn(type.getEnclosedElements()).stream()
                .filter(c -> c.getParameters().size() == args.size() || c.isVarArgs()).toList();
        List<ExecutableElement> chosen = resolver.select(ctors, args);
        if (isCloudType(type)) {
            facts.calls.add(new WriteFacts.Call(chosen == null ? ctors : chosen, true, WriteFacts.Via.CREATE));
        }
    }

    @Override
    public Void visitNewClass(NewClassTree node, Void unused) {
        TypeMirror t = resolver.resolveType(node.getIdentifier());
        if (t instanceof DeclaredType d) {
            TypeElement type = (TypeElement) d.asElement();
            if (isCloudType(type)) {
                constructorCall(type, node.getArguments());
            } else if (type.getQualifiedName().toString().startsWith("java.")) {
                if (node.getArguments().stream().anyMatch(a -> !isValue(resolver.typeOf(a)))) {
                    facts.calls.addAll(callbacks());
                }
            } else {
                facts.unfollowed.add("creates a " + type.getQualifiedName() + ", whose constructor the analysis"
                        + " does not follow");
            }
        } else {
            facts.unfollowed.add("creates an object of a class the analysis cannot resolve (" + node.getIdentifier()
                    + ")");
        }
        return super.visitNewClass(node, unused);
    }

    @Override
    public Void visitMemberReference(MemberReferenceTree node, Void unused) {
        ExpressionTree q = node.getQualifierExpression();
        TypeElement type = resolver.typeNamedBy(q);
        if (type == null && resolver.typeOf(q) instanceof DeclaredType d) {
            type = (TypeElement) d.asElement();
        }
        String name = node.getName().toString();
        if (type == null || name.equals("<init>")) {
            facts.unfollowed.add("uses a method reference the analysis does not follow (" + node + ")");
        } else {
            List<ExecutableElement> targets = ElementFilter.methodsIn(elements.getAllMembers(type)).stream()
                    .filter(m -> m.getSimpleName().contentEquals(name)).toList();
            if (targets.isEmpty() || !isCloudType(type) && !SAFE.contains(type.getQualifiedName().toString())) {
                facts.unfollowed.add("uses a method reference the analysis does not follow (" + node + ")");
            } else if (isCloudType(type)) {
                facts.calls.add(new WriteFacts.Call(targets, false, WriteFacts.Via.CALL));
            }
        }
        return super.visitMemberReference(node, unused);
    }

    private List<ExecutableElement> superMethods(MemberSelectTree select, int arity) {
        TypeElement superclass = CloudTypes.superclass(resolver.owner());
        if (superclass == null) {
            return null;
        }
        return ElementFilter.methodsIn(elements.getAllMembers(superclass)).stream()
                .filter(m -> m.getSimpleName().contentEquals(select.getIdentifier())
                        && (m.getParameters().size() == arity || m.isVarArgs()))
                .toList();
    }

    /** {@code toString()}, {@code equals(Object)} and {@code compareTo}: what JDK code calls on an argument. */
    private List<WriteFacts.Call> callbacks() {
        List<WriteFacts.Call> calls = new ArrayList<>();
        for (String[] m : new String[][] {{"java.lang.Object", "toString"}, {"java.lang.Object", "equals"},
                {"java.lang.Comparable", "compareTo"}}) {
            ElementFilter.methodsIn(elements.getTypeElement(m[0]).getEnclosedElements()).stream()
                    .filter(e -> e.getSimpleName().contentEquals(m[1])).findFirst()
                    .ifPresent(e -> calls.add(new WriteFacts.Call(List.of(e), false, WriteFacts.Via.CALLBACK)));
        }
        return calls;
    }

    static boolean isCloudType(TypeElement type) {
        return CloudTypes.isCloudObject(type) || CloudTypes.isNodeInterface(type) || CloudTypes.isRootInterface(type);
    }

    /** Primitives, strings, boxed values and primitive arrays: JDK code calls nothing on them. */
    private static boolean isValue(TypeMirror t) {
        if (t == null) {
            return false;
        }
        if (t.getKind().isPrimitive()) {
            return true;
        }
        if (t.getKind() == TypeKind.ARRAY) {
            return ((ArrayType) t).getComponentType().getKind().isPrimitive();
        }
        return t instanceof DeclaredType d && VALUES.contains(((TypeElement) d.asElement()).getQualifiedName().toString());
    }

    private static ExpressionTree strip(ExpressionTree e) {
        ExpressionTree r = e;
        while (r instanceof ParenthesizedTree p) {
            r = p.getExpression();
        }
        return r;
    }

    /**
     * Names assigned only from array creation expressions: locals declared in the body (not loop variables of an
     * enhanced {@code for}, catch or lambda parameters), and in a constructor the object's own fields.
     */
    private void freshArrays(Tree body) {
        Set<String> declared = new HashSet<>();
        Set<String> assigned = new HashSet<>();
        Set<String> spoiled = new HashSet<>();
        new TreeScanner<Void, Void>() {
            /** The next variable is a plain local (or the field whose initializer is scanned). */
            private boolean plainLocal = body instanceof VariableTree;

            @Override
            public Void visitBlock(BlockTree node, Void unused) {
                for (var s : node.getStatements()) {
                    plainLocal = true;
                    scan(s, null);
                }
                return null;
            }

            @Override
            public Void visitForLoop(ForLoopTree node, Void unused) {
                for (var s : node.getInitializer()) {
                    plainLocal = true;
                    scan(s, null);
                }
                scan(node.getCondition(), null);
                scan(node.getUpdate(), null);
                scan(node.getStatement(), null);
                return null;
            }

            @Override
            public Void visitEnhancedForLoop(EnhancedForLoopTree node, Void unused) {
                spoiled.add(node.getVariable().getName().toString());
                scan(node.getExpression(), null);
                scan(node.getStatement(), null);
                return null;
            }

            @Override
            public Void visitVariable(VariableTree node, Void unused) {
                String name = node.getName().toString();
                if (node == body) { // a field initializer a constructor runs
                    (strip(node.getInitializer()) instanceof NewArrayTree ? assigned : spoiled).add(name);
                } else if (plainLocal && (node.getInitializer() == null
                        || strip(node.getInitializer()) instanceof NewArrayTree)) {
                    declared.add(name);
                } else {
                    spoiled.add(name);
                }
                plainLocal = false;
                return super.visitVariable(node, unused);
            }

            @Override
            public Void visitAssignment(AssignmentTree node, Void unused) {
                ExpressionTree v = strip(node.getVariable());
                String name = v instanceof IdentifierTree i ? i.getName().toString()
                        : v instanceof MemberSelectTree s && strip(s.getExpression()) instanceof IdentifierTree t
                                && t.getName().contentEquals("this") ? s.getIdentifier().toString() : null;
                if (name != null) {
                    (strip(node.getExpression()) instanceof NewArrayTree ? assigned : spoiled).add(name);
                }
                return super.visitAssignment(node, unused);
            }

            @Override
            public Void scan(Tree tree, Void unused) {
                if (!(tree instanceof BlockTree) && !(tree instanceof VariableTree)) {
                    plainLocal = false;
                }
                return super.scan(tree, unused);
            }
        }.scan(body, null);
        declared.removeAll(spoiled);
        freshLocals.addAll(declared);
        if (constructor) {
            assigned.removeAll(spoiled);
            freshFields.addAll(assigned);
        }
    }
}
