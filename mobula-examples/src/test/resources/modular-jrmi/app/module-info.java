// The modular java.rmi program that modular/ ports to Mobula (README, "Porting a java.rmi program", step 4)
module app {
    requires java.rmi;
    exports app;
}
