package io.mobula.processor;

import com.sun.source.tree.BinaryTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompoundAssignmentTree;
import com.sun.source.tree.DeconstructionPatternTree;
import com.sun.source.tree.EnhancedForLoopTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.LambdaExpressionTree;
import com.sun.source.tree.MemberReferenceTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.SynchronizedTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.TryTree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Manta's MAY_BLOCK analysis (thesis 3.3.1), done conservatively over method bodies with the Trees API: a
 * method is proven non-blocking, and may then run on the receive thread, only if nothing in its body can wait.
 * Anything not understood counts as "may block". What is accepted:
 * <ul>
 * <li>reading and writing locals, fields and array elements; arithmetic; branches and loops (an enhanced
 *     {@code for} only over arrays, since iterating an {@link Iterable} calls user code);</li>
 * <li>{@code new} of arrays, {@code String}, {@code StringBuilder} and boxed types;</li>
 * <li>calls on the allow-list of pure JDK methods in {@link #allowListed};</li>
 * <li>calls to private, final or static methods declared by the same class that are themselves proven
 *     (recursion is not proven).</li>
 * </ul>
 * Rejected: {@code synchronized} methods and blocks, every other call (so {@code wait}, {@code notify},
 * {@code Thread.sleep}, {@code join}, {@code LockSupport.park}, I/O), lambdas, method references, local and
 * anonymous classes, try-with-resources ({@code close()}), record deconstruction patterns (accessor calls) and
 * string concatenation of objects other than strings and boxed values (implicit {@code toString()}).
 * Not considered: class initialization triggered by a field access, and garbage collection pauses.
 *
 * <p>Names and types come from {@link BodyResolver}, which never attributes the body (javac would then report
 * its warnings twice); what it cannot resolve is not proven. Only classes of this compilation have bodies.
 */
final class NonBlockingAnalysis {
    /** The outcome for one method: proven or not, and a short reason for the generated comment or a test. */
    record Verdict(boolean nonBlocking, String reason) {}

    private static final Set<String> BOXES = Set.of("java.lang.Boolean", "java.lang.Byte", "java.lang.Short",
            "java.lang.Character", "java.lang.Integer", "java.lang.Long", "java.lang.Float", "java.lang.Double");
    /** Lock-free atomics: they may spin on a CAS, but never wait for another thread or call user code. */
    private static final Set<String> ATOMICS = Set.of("java.util.concurrent.atomic.AtomicInteger",
            "java.util.concurrent.atomic.AtomicLong", "java.util.concurrent.atomic.AtomicBoolean",
            "java.util.concurrent.atomic.AtomicIntegerArray", "java.util.concurrent.atomic.AtomicLongArray",
            "java.util.concurrent.atomic.LongAdder", "java.util.concurrent.atomic.DoubleAdder",
            "java.util.concurrent.atomic.Striped64", "java.lang.Number");
    /** AtomicReference methods that compare by identity and call no user code (no function parameters). */
    private static final Set<String> ATOMIC_REFERENCE_METHODS = Set.of("get", "set", "lazySet", "getAndSet",
            "compareAndSet", "weakCompareAndSet", "weakCompareAndSetPlain", "weakCompareAndSetVolatile",
            "weakCompareAndSetAcquire", "weakCompareAndSetRelease", "compareAndExchange",
            "compareAndExchangeAcquire", "compareAndExchangeRelease", "getPlain", "setPlain", "getOpaque",
            "setOpaque", "getAcquire", "setRelease");
    private static final Set<String> PURE_ARRAYS_METHODS = Set.of("fill", "copyOf", "copyOfRange", "equals",
            "hashCode");
    /** Boxed-type statics that read system properties rather than compute. */
    private static final Set<String> BOX_EXCLUDED = Set.of("getInteger", "getLong", "getBoolean");
    /** String statics that call {@code toString()} of arbitrary arguments. */
    private static final Set<String> STRING_EXCLUDED = Set.of("format", "formatted", "join");

    private final Trees trees;
    private final Elements elements;
    private final Types types;
    private final Map<ExecutableElement, Verdict> done = new HashMap<>();
    private final Set<ExecutableElement> inProgress = new HashSet<>();

    NonBlockingAnalysis(ProcessingEnvironment env) {
        this.trees = Trees.instance(env);
        this.elements = env.getElementUtils();
        this.types = env.getTypeUtils();
    }

    /** Analyses {@code method} (and the helpers it calls) once; results are cached. */
    Verdict analyze(ExecutableElement method) {
        Verdict cached = done.get(method);
        if (cached != null) {
            return cached;
        }
        if (!inProgress.add(method)) {
            return new Verdict(false, "recursive call of " + method.getSimpleName() + "()");
        }
        try {
            Verdict v = compute(method);
            done.put(method, v);
            return v;
        } finally {
            inProgress.remove(method);
        }
    }

    private Verdict compute(ExecutableElement method) {
        if (method.getModifiers().contains(Modifier.SYNCHRONIZED)) {
            return new Verdict(false, "synchronized method");
        }
        TreePath path = trees.getPath(method);
        if (path == null || !(path.getLeaf() instanceof MethodTree tree) || tree.getBody() == null) {
            return new Verdict(false, "no source body");
        }
        TypeElement owner = (TypeElement) method.getEnclosingElement();
        Scanner scanner = new Scanner(new BodyResolver(elements, types, path.getCompilationUnit(), owner, method));
        scanner.scan(new TreePath(path, tree.getBody()), null);
        if (scanner.failure != null) {
            return new Verdict(false, scanner.failure);
        }
        return new Verdict(true, scanner.calls.isEmpty() ? "no calls, no locks"
                : "no locks; calls only " + String.join(", ", scanner.calls));
    }

    /** Walks one body; stops at the first construct that may block. */
    private final class Scanner extends TreePathScanner<Void, Void> {
        private final BodyResolver resolver;
        private final TypeElement owner;
        private final Set<String> calls = new TreeSet<>();
        private String failure;

        Scanner(BodyResolver resolver) {
            this.resolver = resolver;
            this.owner = resolver.owner();
        }

        @Override
        public Void visitVariable(VariableTree node, Void unused) {
            super.visitVariable(node, unused); // the initializer first: it cannot see the variable
            resolver.declare(node);
            return null;
        }

        private Void fail(String why) {
            if (failure == null) {
                failure = why;
            }
            return null;
        }

        @Override
        public Void scan(Tree tree, Void unused) {
            return failure != null ? null : super.scan(tree, unused);
        }

        @Override
        public Void visitSynchronized(SynchronizedTree node, Void unused) {
            return fail("synchronized block");
        }

        @Override
        public Void visitLambdaExpression(LambdaExpressionTree node, Void unused) {
            return fail("lambda");
        }

        @Override
        public Void visitMemberReference(MemberReferenceTree node, Void unused) {
            return fail("method reference");
        }

        @Override
        public Void visitClass(ClassTree node, Void unused) {
            return fail("local class");
        }

        @Override
        public Void visitTry(TryTree node, Void unused) {
            return node.getResources().isEmpty() ? super.visitTry(node, unused) : fail("try-with-resources");
        }

        @Override
        public Void visitDeconstructionPattern(DeconstructionPatternTree node, Void unused) {
            return fail("record pattern (calls accessors)");
        }

        @Override
        public Void visitEnhancedForLoop(EnhancedForLoopTree node, Void unused) {
            TypeMirror t = type(node.getExpression());
            return t != null && t.getKind() == TypeKind.ARRAY ? super.visitEnhancedForLoop(node, unused)
                    : fail("iterates over an Iterable");
        }

        @Override
        public Void visitBinary(BinaryTree node, Void unused) {
            TypeMirror left = type(node.getLeftOperand());
            TypeMirror right = type(node.getRightOperand());
            if (node.getKind() == Tree.Kind.PLUS && (isString(left) || isString(right))
                    && !(isValue(left) && isValue(right))) {
                return fail("string concatenation of an object (calls toString)");
            }
            return super.visitBinary(node, unused);
        }

        @Override
        public Void visitCompoundAssignment(CompoundAssignmentTree node, Void unused) {
            if (node.getKind() == Tree.Kind.PLUS_ASSIGNMENT && isString(type(node.getVariable()))
                    && !isValue(type(node.getExpression()))) {
                return fail("string concatenation of an object (calls toString)");
            }
            return super.visitCompoundAssignment(node, unused);
        }

        @Override
        public Void visitNewClass(NewClassTree node, Void unused) {
            if (node.getClassBody() != null) {
                return fail("anonymous class");
            }
            List<ExecutableElement> ctors = resolver.select(resolver.constructors(node), node.getArguments());
            if (ctors == null || ctors.isEmpty()
                    || !ctors.stream().allMatch(c -> isValueClass(qualifiedOwner(c)) && plainParameters(c))) {
                return fail("creates " + node.getIdentifier());
            }
            return super.visitNewClass(node, unused);
        }

        @Override
        public Void visitMethodInvocation(MethodInvocationTree node, Void unused) {
            if (isPrimitiveArrayClone(node)) {
                calls.add("array.clone");
                return super.visitMethodInvocation(node, unused);
            }
            List<ExecutableElement> targets = resolver.select(resolver.candidates(node), node.getArguments());
            if (targets == null || targets.isEmpty()) {
                return fail("unresolved call " + node.getMethodSelect());
            }
            for (ExecutableElement m : targets) { // every overload the call might bind to must be harmless
                if (m.getEnclosingElement().equals(owner) && cannotBeOverridden(m)) {
                    Verdict helper = analyze(m);
                    if (!helper.nonBlocking()) {
                        return fail("calls " + m.getSimpleName() + "(), which is not proven: " + helper.reason());
                    }
                    calls.add(m.getSimpleName() + "()");
                } else if (allowListed(m, node)) {
                    calls.add(simpleOwner(m) + "." + m.getSimpleName());
                } else {
                    return fail("calls " + qualifiedOwner(m) + "." + m.getSimpleName());
                }
            }
            return super.visitMethodInvocation(node, unused);
        }

        private boolean cannotBeOverridden(ExecutableElement m) {
            Set<Modifier> mods = m.getModifiers();
            return mods.contains(Modifier.PRIVATE) || mods.contains(Modifier.FINAL) || mods.contains(Modifier.STATIC)
                    || owner.getModifiers().contains(Modifier.FINAL);
        }

        /**
         * The allow-list of JDK methods that compute and return without waiting or calling user code:
         * Math/StrictMath; String and StringBuilder methods whose parameters are primitives, strings, boxed
         * values or primitive arrays (a CharSequence or Object parameter may be a user object), except
         * format/formatted/join; the same for boxed types, except the system-property getters;
         * Arrays.fill/copyOf/copyOfRange, and equals/hashCode of primitive arrays; System.arraycopy;
         * Objects.requireNonNull (no Supplier), and Objects.equals/hash/hashCode when every argument is a
         * string, boxed value or primitive (otherwise they call a user's equals/hashCode); clone() of
         * primitive arrays; the lock-free atomics ({@code AtomicInteger}, {@code AtomicLong}, {@code LongAdder},
         * ...) with plain parameters, and {@code AtomicReference}'s identity-based get/set/compare-and-set.
         */
        private boolean allowListed(ExecutableElement m, MethodInvocationTree call) {
            String owner = qualifiedOwner(m);
            String name = m.getSimpleName().toString();
            boolean isStatic = m.getModifiers().contains(Modifier.STATIC);
            switch (owner) {
                case "java.lang.Math", "java.lang.StrictMath":
                    return isStatic;
                case "java.lang.System":
                    return name.equals("arraycopy");
                case "java.util.Arrays":
                    return PURE_ARRAYS_METHODS.contains(name)
                            && (!(name.equals("equals") || name.equals("hashCode")) || primitiveArrayParameters(m));
                case "java.util.Objects":
                    return name.equals("requireNonNull") ? plainParameters(m) || isObjectAndString(m)
                            : (name.equals("equals") || name.equals("hash") || name.equals("hashCode"))
                                    && call.getArguments().stream().allMatch(a -> isValue(type(a)));
                case "java.lang.String":
                    return !STRING_EXCLUDED.contains(name) && (plainParameters(m) || isEquals(m));
                case "java.lang.StringBuilder", "java.lang.AbstractStringBuilder":
                    return plainParameters(m);
                case "java.util.concurrent.atomic.AtomicReference":
                    return ATOMIC_REFERENCE_METHODS.contains(name);
                default:
                    if (ATOMICS.contains(owner)) {
                        return plainParameters(m) && !name.equals("toString");
                    }
                    return BOXES.contains(owner) && !BOX_EXCLUDED.contains(name) && (plainParameters(m) || isEquals(m));
            }
        }

        private boolean isPrimitiveArrayClone(MethodInvocationTree call) {
            return call.getArguments().isEmpty() && call.getMethodSelect() instanceof MemberSelectTree s
                    && s.getIdentifier().contentEquals("clone")
                    && type(s.getExpression()) instanceof ArrayType a && a.getComponentType().getKind().isPrimitive();
        }

        /** The static type of a sub-expression, or null if unknown. */
        private TypeMirror type(ExpressionTree e) {
            return resolver.typeOf(e);
        }
    }

    private static String qualifiedOwner(ExecutableElement m) {
        return m.getEnclosingElement() instanceof TypeElement t ? t.getQualifiedName().toString() : "";
    }

    private static String simpleOwner(ExecutableElement m) {
        return m.getEnclosingElement() instanceof TypeElement t ? t.getSimpleName().toString() : "array";
    }

    private static boolean isValueClass(String name) {
        return name.equals("java.lang.String") || name.equals("java.lang.StringBuilder") || BOXES.contains(name);
    }

    /** Primitive, String, boxed, or a primitive array: values that cannot run user code. */
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
        return t.getKind() == TypeKind.DECLARED && (isString(t) || BOXES.contains(typeName(t)));
    }

    private static boolean isString(TypeMirror t) {
        return t != null && t.getKind() == TypeKind.DECLARED && typeName(t).equals("java.lang.String");
    }

    private static String typeName(TypeMirror t) {
        return ((TypeElement) ((javax.lang.model.type.DeclaredType) t).asElement()).getQualifiedName().toString();
    }

    private static boolean plainParameters(ExecutableElement m) {
        return m.getParameters().stream().allMatch(p -> isValue(p.asType()));
    }

    private static boolean primitiveArrayParameters(ExecutableElement m) {
        return m.getParameters().stream().allMatch(p -> p.asType().getKind() == TypeKind.ARRAY
                && ((ArrayType) p.asType()).getComponentType().getKind().isPrimitive());
    }

    /** {@code equals(Object)} of String and boxed types only tests the argument's class. */
    private static boolean isEquals(ExecutableElement m) {
        return m.getSimpleName().contentEquals("equals") && m.getParameters().size() == 1;
    }

    /** {@code requireNonNull(T obj)} and {@code requireNonNull(T obj, String message)}. */
    private static boolean isObjectAndString(ExecutableElement m) {
        List<? extends javax.lang.model.element.VariableElement> ps = m.getParameters();
        return ps.size() == 1 || ps.size() == 2 && isString(ps.get(1).asType());
    }
}
